import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { categories, settings, subCategories } from '../db/schema';

/**
 * Demo store categories in the store's order, each with its sub-categories in order. Ids are fixed
 * and readable so the catalogue seed's store listings, the docs and the tests can name them.
 */
export const DEMO_CATEGORIES: readonly {
  id: string;
  name: string;
  publishState: boolean;
  subCategories: readonly { id: string; name: string }[];
}[] = [
  {
    id: 'category-engineering',
    name: 'Engineering Entrance',
    publishState: true,
    subCategories: [
      { id: 'subcategory-jee-main', name: 'JEE Main' },
      { id: 'subcategory-jee-advanced', name: 'JEE Advanced' },
      { id: 'subcategory-bitsat', name: 'BITSAT' },
    ],
  },
  {
    id: 'category-medical',
    name: 'Medical Entrance',
    publishState: true,
    subCategories: [
      { id: 'subcategory-neet-ug', name: 'NEET UG' },
      { id: 'subcategory-aiims', name: 'AIIMS' },
    ],
  },
  {
    id: 'category-civil-services',
    name: 'Civil Services',
    publishState: true,
    subCategories: [
      { id: 'subcategory-upsc-prelims', name: 'UPSC Prelims' },
      { id: 'subcategory-upsc-mains', name: 'UPSC Mains' },
      { id: 'subcategory-state-psc', name: 'State PSC' },
    ],
  },
  {
    id: 'category-school-boards',
    name: 'School Boards',
    publishState: false,
    subCategories: [
      { id: 'subcategory-class-10-cbse', name: 'Class 10 CBSE' },
      { id: 'subcategory-class-12-cbse', name: 'Class 12 CBSE' },
      { id: 'subcategory-icse', name: 'ICSE' },
    ],
  },
  {
    id: 'category-management',
    name: 'Management',
    publishState: true,
    subCategories: [
      { id: 'subcategory-cat', name: 'CAT' },
      { id: 'subcategory-xat', name: 'XAT' },
    ],
  },
];

const SEEDED = 'demo_seed_categories';

/**
 * Seeds the demo categories once: only while there are none, and never again afterwards (remembered
 * in settings), so categories staff deleted do not come back. Runs before the catalogue seed, whose
 * store listings sit in these categories. Returns whether it seeded.
 */
export async function seedDemoCategories(db: Db): Promise<boolean> {
  const done = await db.select().from(settings).where(eq(settings.key, SEEDED));
  if (done.length > 0) return false;
  const [existing] = await db.select({ n: count() }).from(categories);
  if (Number(existing?.n ?? 0) > 0) return false;
  await db.transaction(async (tx) => {
    await tx
      .insert(categories)
      .values(
        DEMO_CATEGORIES.map((c, position) => ({ id: c.id, name: c.name, publishState: c.publishState, position })),
      );
    await tx
      .insert(subCategories)
      .values(
        DEMO_CATEGORIES.flatMap((c) =>
          c.subCategories.map((s, position) => ({ id: s.id, categoryId: c.id, name: s.name, position })),
        ),
      );
    await tx.insert(settings).values({ key: SEEDED, value: new Date().toISOString() });
  });
  return true;
}
