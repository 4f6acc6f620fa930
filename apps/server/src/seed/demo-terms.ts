import { asc, eq, inArray } from 'drizzle-orm';
import type { InvoicingConfig } from '../config';
import type { Db } from '../db/client';
import { settings, students, termsAcceptances, termsVersions, users } from '../db/schema';
import { termsHash } from '../modules/terms/terms.service';

const SEEDED = 'demo_seed_terms';
const DAY = 86_400_000;

const section = (title: string, ...paragraphs: string[]) =>
  `<h3>${title}</h3>${paragraphs.map((p) => `<p>${p}</p>`).join('')}`;

/** Who runs the platform: the supplier its invoices name (config `invoicing`), so the terms and the invoices agree. */
const base = (supplier: InvoicingConfig) => [
  section(
    '1. Who we are',
    `${supplier.supplierName}, ${supplier.supplierAddress} (GSTIN ${supplier.supplierGstin}), runs this platform and its courses.`,
  ),
  section(
    '2. Your account',
    'You sign in with your mobile number and a one-time code. Keep your device safe: anyone who holds it can use your courses. One account is for one student; sharing it ends the subscription without a refund.',
  ),
  section(
    '3. Subscriptions',
    'A subscription gives you the catalogue’s videos, tests and live classes from its start date to its end date. Prices include GST at 18%. Your tax invoice is mailed to you and can be downloaded from your account.',
  ),
];
const REFUNDS_V1 = section(
  '4. Refunds',
  'You may ask for a refund within 7 days of buying, if you have watched less than 10% of the videos. Printed study material once dispatched is not refunded.',
);
const REFUNDS_V3 = section(
  '4. Refunds',
  'You may ask for a refund within 15 days of buying, if you have watched less than 20% of the videos. A refund is issued as a credit note against your invoice and paid back to the original payment method within 7 working days. Printed study material once dispatched is not refunded.',
);
const CONDUCT = section(
  '5. Conduct in live classes',
  'Be respectful to instructors and other students. Recording, re-publishing or selling class material is not allowed.',
);
const CONDUCT_V4 = section(
  '5. Conduct in live classes',
  'Be respectful to instructors and other students. Recording, re-publishing or selling class material is not allowed. Questions go in the class chat; instructors answer them at the end of each topic.',
);
const GRIEVANCE = (address: string) =>
  section(
    '6. Grievances',
    `Write to our grievance officer, Ms. Kavita Deshpande, at grievance@lectern.example or ${address}. We answer within 15 days.`,
  );

/** The demo terms: four versions over the past year, two of them minor changes. */
const versions = (supplier: InvoicingConfig) => [
  {
    daysAgo: 400,
    note: 'First published terms',
    minor: false,
    content: [...base(supplier), REFUNDS_V1, CONDUCT, GRIEVANCE('the address above')].join(''),
  },
  {
    daysAgo: 310,
    note: 'Typo fixes in the account section',
    minor: true,
    content: [...base(supplier), REFUNDS_V1, CONDUCT, GRIEVANCE('the address in section 1')].join(''),
  },
  {
    daysAgo: 120,
    note: 'Refund window raised to 15 days; refunds as credit notes',
    minor: false,
    content: [...base(supplier), REFUNDS_V3, CONDUCT, GRIEVANCE('the address in section 1')].join(''),
  },
  {
    daysAgo: 21,
    note: 'Live-class questions go in the chat',
    minor: true,
    content: [...base(supplier), REFUNDS_V3, CONDUCT_V4, GRIEVANCE('the address in section 1')].join(''),
  },
];

/**
 * Seeds the demo terms once (remembered in settings), after the demo students: four versions by the
 * demo super admin and content admin, and acceptances by most demo students — of the first version by
 * the older accounts, of the third (the last major change) by about half of them.
 */
export async function seedDemoTerms(db: Db, supplier: InvoicingConfig, now = new Date()): Promise<boolean> {
  const done = await db.select().from(settings).where(eq(settings.key, SEEDED));
  if (done.length > 0) return false;
  const authors = await db
    .select({ id: users.id, first: users.firstName, last: users.lastName })
    .from(users)
    .where(inArray(users.phone, ['9000000001', '9000000002']))
    .orderBy(asc(users.phone));
  if (authors.length === 0) return false;
  const studentIds = (await db.select({ id: students.id }).from(students).orderBy(asc(students.id))).map((s) => s.id);
  await db.transaction(async (tx) => {
    const rows = versions(supplier).map((v, i) => {
      const author = authors[i % authors.length]!;
      return {
        id: `terms-v${i + 1}`,
        version: i + 1,
        content: v.content,
        textHash: termsHash(v.content),
        changeNote: v.note,
        minorChange: v.minor,
        createdBy: author.id,
        createdByName: `${author.first} ${author.last}`,
        createdAt: new Date(now.getTime() - v.daysAgo * DAY),
      };
    });
    await tx.insert(termsVersions).values(rows);
    const acceptances: (typeof termsAcceptances.$inferInsert)[] = [];
    studentIds.forEach((studentId, i) => {
      if (i % 9 === 4) return; // never accepted: signed up, never opened a course
      const first = rows[0]!;
      acceptances.push({
        studentId,
        termsVersionId: first.id,
        textHash: first.textHash,
        acceptedAt: new Date(first.createdAt.getTime() + ((i * 7) % 200) * DAY),
      });
      if (i % 2 === 0) {
        const major = rows[2]!;
        acceptances.push({
          studentId,
          termsVersionId: major.id,
          textHash: major.textHash,
          acceptedAt: new Date(major.createdAt.getTime() + ((i * 5) % 90) * DAY + (i % 24) * 3_600_000),
        });
      }
    });
    for (let i = 0; i < acceptances.length; i += 500) {
      await tx.insert(termsAcceptances).values(acceptances.slice(i, i + 500));
    }
    await tx.insert(settings).values({ key: SEEDED, value: now.toISOString() });
  });
  return true;
}
