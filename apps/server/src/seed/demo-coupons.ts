import crypto from 'node:crypto';
import { DEMO_STAFF, indianDate } from '@lectern/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  couponHistory,
  coupons,
  couponStoreListings,
  couponStudents,
  couponSubjects,
  settings,
  storeListings,
  students,
  users,
} from '../db/schema';
import { DEMO_STUDENT } from './demo-students';

const SEEDED = 'demo_seed_coupons';
const DAY = 86_400_000;

/** A demo coupon; days are offsets from the day of seeding (India). */
interface DemoCoupon {
  name: string;
  description: string;
  /** a percentage, or rupees for a flat coupon */
  percent?: number;
  rupees?: number;
  from: number;
  /** null: unlimited (no end date) */
  upto: number | null;
  featured?: boolean;
  /** store listing ids; none and no subjects: the entire course */
  listings?: readonly string[];
  subjects?: readonly string[];
  /** demo student ids it is limited to */
  students?: readonly string[];
  limit?: number;
  /** expired by staff this many days ago, and why (the history says so) */
  expiredDaysAgo?: number;
  /** an edit after creation, for the history: the fields and their values before */
  edited?: { daysAgo: number; before: Record<string, unknown> };
  createdBy: 'FINANCE' | 'SUPER_ADMIN';
}

const JEE = 'store-jee-main-2027';
const NEET = 'store-neet-ug-2027';
const UPSC = 'store-upsc-prelims-2026';
const CAT = 'store-cat-quant-2026';
const CLASS_10 = 'store-class-10-board-maths';
const student = (n: number) => `student-${String(n).padStart(4, '0')}`;

/**
 * About thirty coupons in every state: active (some featured), scheduled, expired by date, expired by
 * staff; percentages and flat amounts; for every listing, some listings or a subject; for any student
 * or named students; with and without usage limits. DIWALI500 is the coupon the demo orders name
 * (seed/demo-orders.ts): it runs from before the oldest of them. Names are festivals and exams, as an
 * Indian provider's would be.
 */
export const DEMO_COUPONS: readonly DemoCoupon[] = [
  // active
  {
    name: 'DIWALI500',
    description: 'Rs. 500 off any course, for the festive season.',
    rupees: 500,
    from: -405,
    upto: 20,
    featured: true,
    limit: 200,
    edited: { daysAgo: 40, before: { applicableUpto: -30, limit: 100 } },
    createdBy: 'FINANCE',
  },
  {
    name: 'HOLI20',
    description: '20% off JEE Main 2027.',
    percent: 20,
    from: -5,
    upto: 25,
    featured: true,
    listings: [JEE],
    createdBy: 'FINANCE',
  },
  {
    name: 'NEET-EARLYBIRD',
    description: 'Early-bird 15% off the NEET UG 2027 crash course, first 500 students.',
    percent: 15,
    from: -10,
    upto: 50,
    featured: true,
    listings: [NEET],
    limit: 500,
    createdBy: 'FINANCE',
  },
  {
    name: 'JEE-RANKER15',
    description: '15% off for students who ranked in our all-India mock.',
    percent: 15,
    from: -20,
    upto: 40,
    listings: [JEE],
    students: [student(3), student(6), student(9), student(12)],
    createdBy: 'FINANCE',
  },
  {
    name: 'CAT-QUANT1000',
    description: 'Rs. 1,000 off CAT 2026 Quantitative Aptitude.',
    rupees: 1000,
    from: -15,
    upto: 0,
    listings: [CAT],
    limit: 50,
    createdBy: 'SUPER_ADMIN',
  },
  {
    name: 'BOARDS-PREP10',
    description: '10% off Class 10 Board Maths before the board exams.',
    percent: 10,
    from: -30,
    upto: 60,
    listings: [CLASS_10],
    createdBy: 'FINANCE',
  },
  {
    name: 'ENGLISH-BOOST',
    description: '10% off every course that teaches English grammar.',
    percent: 10,
    from: -7,
    upto: 30,
    subjects: ['subj-english-grammar'],
    createdBy: 'FINANCE',
  },
  {
    name: 'UPSC-FOUNDATION12',
    description: '12% off the UPSC Prelims foundation.',
    percent: 12,
    from: -3,
    upto: null,
    listings: [UPSC],
    createdBy: 'SUPER_ADMIN',
  },
  {
    name: 'SCHOLAR-ANANYA',
    description: 'Scholarship: 50% off any course for a district topper.',
    percent: 50,
    from: -2,
    upto: 60,
    students: [DEMO_STUDENT.id],
    limit: 1,
    createdBy: 'SUPER_ADMIN',
  },
  {
    name: 'TOPPER-REWARD',
    description: '30% off for the toppers of our scholarship test.',
    percent: 30,
    from: -12,
    upto: 18,
    students: [student(1), student(2), student(4), student(5), student(7)],
    createdBy: 'FINANCE',
  },
  {
    name: 'REFER-A-FRIEND',
    description: 'Rs. 750 off for students who referred a friend.',
    rupees: 750,
    from: -60,
    upto: null,
    listings: [JEE, NEET, UPSC],
    students: [student(8), student(10), student(11)],
    createdBy: 'FINANCE',
  },
  {
    name: 'WELCOME10',
    description: '10% off a first course.',
    percent: 10,
    from: -90,
    upto: null,
    featured: true,
    edited: { daysAgo: 45, before: { amount: 5, description: '5% off a first course.' } },
    createdBy: 'SUPER_ADMIN',
  },
  // scheduled
  {
    name: 'NEWYEAR2027',
    description: '20% off every course for the new year.',
    percent: 20,
    from: 37,
    upto: 45,
    featured: true,
    createdBy: 'FINANCE',
  },
  {
    name: 'PONGAL300',
    description: 'Rs. 300 off for Pongal.',
    rupees: 300,
    from: 50,
    upto: 54,
    createdBy: 'FINANCE',
  },
  {
    name: 'SANKRANTI15',
    description: '15% off JEE and NEET for Makar Sankranti.',
    percent: 15,
    from: 50,
    upto: 52,
    listings: [JEE, NEET],
    createdBy: 'FINANCE',
  },
  {
    name: 'REPUBLIC26',
    description: '26% off on Republic Day, first 260 students.',
    percent: 26,
    from: 62,
    upto: 62,
    limit: 260,
    createdBy: 'SUPER_ADMIN',
  },
  {
    name: 'BOARD-EXAM-SPRINT',
    description: 'Rs. 400 off Class 10 Board Maths for the last sprint.',
    rupees: 400,
    from: 70,
    upto: 100,
    featured: true,
    listings: [CLASS_10],
    createdBy: 'FINANCE',
  },
  {
    name: 'CHRISTMAS25',
    description: '25% off CAT and UPSC over Christmas week.',
    percent: 25,
    from: 26,
    upto: 33,
    listings: [CAT, UPSC],
    createdBy: 'FINANCE',
  },
  // expired: past their last day
  {
    name: 'DIWALI2025',
    description: "Last year's Diwali offer.",
    percent: 25,
    from: -400,
    upto: -385,
    createdBy: 'FINANCE',
  },
  {
    name: 'DUSSEHRA25',
    description: "Last year's Dussehra offer.",
    rupees: 250,
    from: -420,
    upto: -410,
    createdBy: 'FINANCE',
  },
  {
    name: 'NAVRATRI9',
    description: '9% off for nine nights.',
    percent: 9,
    from: -60,
    upto: -52,
    featured: true,
    createdBy: 'FINANCE',
  },
  {
    name: 'GANESH-CHATURTHI',
    description: '11% off JEE Main for Ganesh Chaturthi.',
    percent: 11,
    from: -85,
    upto: -75,
    listings: [JEE],
    createdBy: 'FINANCE',
  },
  {
    name: 'INDEPENDENCE79',
    description: 'Rs. 790 off any course on Independence Day.',
    rupees: 790,
    from: -103,
    upto: -102,
    limit: 79,
    createdBy: 'SUPER_ADMIN',
  },
  {
    name: 'RAKSHA-BANDHAN',
    description: '15% off for siblings enrolling together.',
    percent: 15,
    from: -110,
    upto: -100,
    students: [student(13), student(14)],
    createdBy: 'FINANCE',
  },
  {
    name: 'EID-MUBARAK',
    description: '10% off NEET UG for Eid.',
    percent: 10,
    from: -175,
    upto: -170,
    listings: [NEET],
    createdBy: 'FINANCE',
  },
  {
    name: 'NEET-RESULT-DAY',
    description: '20% off the NEET crash course on result day.',
    percent: 20,
    from: -160,
    upto: -159,
    listings: [NEET],
    createdBy: 'FINANCE',
  },
  // expired by staff
  {
    name: 'MONSOON30',
    description: '30% off any course (expired early: the code was shared on a public channel).',
    percent: 30,
    from: -20,
    upto: 10,
    expiredDaysAgo: 6,
    createdBy: 'FINANCE',
  },
  {
    name: 'TEACHERS-DAY',
    description: "Rs. 500 off UPSC for Teachers' Day.",
    rupees: 500,
    from: -81,
    upto: 5,
    listings: [UPSC],
    expiredDaysAgo: 79,
    createdBy: 'SUPER_ADMIN',
  },
  {
    name: 'CHILDRENS-DAY',
    description: "14% off Class 10 Board Maths for Children's Day.",
    percent: 14,
    from: -12,
    upto: 20,
    listings: [CLASS_10],
    expiredDaysAgo: 10,
    createdBy: 'FINANCE',
  },
  {
    name: 'FLASH-SALE-JEE',
    description: 'A flash sale on JEE Main, stopped early by finance.',
    rupees: 2000,
    from: -25,
    upto: 5,
    listings: [JEE],
    limit: 25,
    expiredDaysAgo: 25,
    createdBy: 'FINANCE',
  },
];

/** The fields of a coupon as its history shows them (the service's snapshot, with the same names). */
function snapshot(c: DemoCoupon, day: (offset: number) => string, mobiles: string[]): Record<string, unknown> {
  const percentage = c.percent !== undefined;
  return {
    couponName: c.name,
    description: c.description,
    percentage,
    amount: percentage ? c.percent : (c.rupees ?? 0) * 100,
    featured: c.featured ?? false,
    applicableForEntireCourse: !c.listings?.length && !c.subjects?.length,
    unlimited: c.upto === null,
    applicableFrom: day(c.from),
    applicableUpto: c.upto === null ? null : day(c.upto),
    applicableForAnyStudent: !c.students?.length,
    usageLimit: c.limit !== undefined,
    limit: c.limit ?? null,
    storeListingInfoList: [...(c.listings ?? [])].sort(),
    subjectInfoList: [...(c.subjects ?? [])].sort(),
    studentCouponMobileList: [...mobiles].sort(),
    expired: false,
  };
}

/**
 * Seeds the demo coupons once (remembered in settings), after the students and before their orders:
 * the coupons above with their history. Their uses come with the orders that make them
 * (seed/demo-orders.ts reserves DIWALI500 through the orders service).
 */
export async function seedDemoCoupons(db: Db, now = new Date()): Promise<boolean> {
  const done = await db.select().from(settings).where(eq(settings.key, SEEDED));
  if (done.length > 0) return false;
  const listingRows = await db
    .select({ id: storeListings.id, catalogueId: storeListings.catalogueId })
    .from(storeListings);
  const listingIds = new Set(listingRows.map((l) => l.id));
  const demoStudentIds = [...new Set(DEMO_COUPONS.flatMap((c) => c.students ?? []))];
  const studentRows = await db
    .select({ id: students.id, mobileNumber: students.mobileNumber })
    .from(students)
    .where(inArray(students.id, demoStudentIds));
  if (listingRows.length === 0 || studentRows.length === 0) return false;
  const mobileOf = new Map(studentRows.map((s) => [s.id, s.mobileNumber]));
  const staff = new Map<string, { id: string; name: string }>();
  for (const role of ['FINANCE', 'SUPER_ADMIN'] as const) {
    const demo = DEMO_STAFF.find((u) => u.role === role)!;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.phone, demo.phone));
    staff.set(role, { id: user?.id ?? '', name: `${demo.firstName} ${demo.lastName}` });
  }

  const day = (offset: number) => indianDate(new Date(now.getTime() + offset * DAY));

  await db.transaction(async (tx) => {
    for (const c of DEMO_COUPONS) {
      const id = `coupon-${c.name.toLowerCase()}`;
      const by = staff.get(c.createdBy)!;
      const from = c.from;
      const spec = { ...c, listings: c.listings?.filter((l) => listingIds.has(l)) };
      const mobiles = (c.students ?? []).flatMap((s) => mobileOf.get(s) ?? []);
      const after = snapshot(spec, day, mobiles);
      const createdAt = new Date(now.getTime() + (Math.min(from, 0) - 3) * DAY);
      const finance = staff.get('FINANCE')!;
      await tx.insert(coupons).values({
        id,
        name: c.name,
        description: c.description,
        percentage: c.percent !== undefined,
        amount: c.percent ?? (c.rupees ?? 0) * 100,
        featured: c.featured ?? false,
        applicableForEntireCourse: after.applicableForEntireCourse as boolean,
        unlimited: c.upto === null,
        applicableFrom: day(from),
        applicableUpto: c.upto === null ? null : day(c.upto),
        applicableForAnyStudent: mobiles.length === 0,
        usageLimit: c.limit !== undefined,
        useLimit: c.limit ?? null,
        expired: c.expiredDaysAgo !== undefined,
        expiredAt: c.expiredDaysAgo !== undefined ? new Date(now.getTime() - c.expiredDaysAgo * DAY) : null,
        expiredBy: c.expiredDaysAgo !== undefined ? finance.id || null : null,
        expiredByName: c.expiredDaysAgo !== undefined ? finance.name : null,
        version: (c.edited ? 1 : 0) + (c.expiredDaysAgo !== undefined ? 1 : 0),
        createdBy: by.id || null,
        createdByName: by.name,
        createdAt,
        updatedAt: createdAt,
      });
      if (spec.listings?.length) {
        await tx
          .insert(couponStoreListings)
          .values(spec.listings.map((storeListingId) => ({ couponId: id, storeListingId })));
      }
      if (c.subjects?.length) {
        await tx.insert(couponSubjects).values(c.subjects.map((subjectId) => ({ couponId: id, subjectId })));
      }
      const named = (c.students ?? []).filter((s) => mobileOf.has(s));
      if (named.length > 0) {
        await tx
          .insert(couponStudents)
          .values(named.map((studentId) => ({ couponId: id, studentId, mobileNumber: mobileOf.get(studentId)! })));
      }
      // history: created (with the values before any edit), edited, expired
      const created = c.edited
        ? {
            ...after,
            ...Object.fromEntries(
              Object.entries(c.edited.before).map(([k, v]) => [k, k === 'applicableUpto' ? day(v as number) : v]),
            ),
          }
        : after;
      const history: (typeof couponHistory.$inferInsert)[] = [
        {
          id: crypto.randomUUID(),
          couponId: id,
          version: 0,
          action: 'CREATED',
          actorId: by.id || null,
          actorName: by.name,
          changes: Object.entries(created).map(([field, value]) => ({ field, before: null, after: value })),
          usedAtChange: 0,
          createdAt,
        },
      ];
      if (c.edited) {
        history.push({
          id: crypto.randomUUID(),
          couponId: id,
          version: 1,
          action: 'UPDATED',
          actorId: finance.id || null,
          actorName: finance.name,
          changes: Object.keys(c.edited.before).map((field) => ({
            field,
            before: created[field],
            after: after[field],
          })),
          // the uses before the edit: seed/demo-orders.ts counts them once the orders are placed
          usedAtChange: 0,
          createdAt: new Date(now.getTime() - c.edited.daysAgo * DAY),
        });
      }
      if (c.expiredDaysAgo !== undefined) {
        history.push({
          id: crypto.randomUUID(),
          couponId: id,
          version: history.length,
          action: 'EXPIRED',
          actorId: finance.id || null,
          actorName: finance.name,
          changes: [{ field: 'expired', before: false, after: true }],
          usedAtChange: 0,
          createdAt: new Date(now.getTime() - c.expiredDaysAgo * DAY),
        });
      }
      await tx.insert(couponHistory).values(history);
    }

    await tx.insert(settings).values({ key: SEEDED, value: now.toISOString() });
  });
  return true;
}
