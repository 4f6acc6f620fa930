import { gstinCheckCharacter, type StudentAddress } from '@lectern/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { catalogues, settings, students, studentSubscriptions, subscriptions } from '../db/schema';
import { endOfMonths } from '../modules/students/students.service';

const SEEDED = 'demo_seed_students';

/** How many demo students: enough to page through and to find every state of a subscription. */
export const DEMO_STUDENT_COUNT = 300;

/** The demo student the docs and journeys name: active and expired subscriptions, an unverified e-mail. */
export const DEMO_STUDENT = { id: 'student-ananya-sharma', name: 'Ananya Sharma', mobileNumber: '9876543210' };

const FIRST = [
  'Ananya',
  'Aarav',
  'Vivaan',
  'Diya',
  'Ishaan',
  'Kavya',
  'Saanvi',
  'Arjun',
  'Neha',
  'Rahul',
  'Karthik',
  'Lakshmi',
  'Mohammed',
  'Fatima',
  'Gurpreet',
  'Harpreet',
  'Siddharth',
  'Pooja',
  'Varun',
  'Tanvi',
  'Yash',
  'Zoya',
  'Nikhil',
  'Riya',
  'Aman',
  'Shreya',
  'Aditya',
  'Ishita',
  'Manoj',
  'Divya',
  'Farhan',
  'Sanjana',
  'Abhishek',
  'Nandini',
  'Tejas',
  'Bhavya',
  'Harsh',
  'Meghna',
  'Omkar',
  'Pallavi',
  'Rohit',
];
const LAST = [
  'Sharma',
  'Verma',
  'Iyer',
  'Nair',
  'Reddy',
  'Patel',
  'Shah',
  'Gupta',
  'Singh',
  'Khan',
  'Das',
  'Banerjee',
  'Mukherjee',
  'Menon',
  'Pillai',
  'Rao',
  'Kulkarni',
  'Joshi',
  'Deshmukh',
  'Chatterjee',
  'Bhat',
  'Gowda',
  'Agarwal',
  'Jain',
  'Kaur',
  'Siddiqui',
  'Naidu',
];

/** Cities with their state, GST state code and a PIN of the city. */
const PLACES: readonly (readonly [city: string, state: string, code: string, pin: string])[] = [
  ['Bengaluru', 'Karnataka', '29', '560034'],
  ['Mysuru', 'Karnataka', '29', '570017'],
  ['Mumbai', 'Maharashtra', '27', '400076'],
  ['Pune', 'Maharashtra', '27', '411038'],
  ['Chennai', 'Tamil Nadu', '33', '600040'],
  ['Hyderabad', 'Telangana', '36', '500081'],
  ['Kolkata', 'West Bengal', '19', '700091'],
  ['New Delhi', 'Delhi', '07', '110017'],
  ['Jaipur', 'Rajasthan', '08', '302017'],
  ['Lucknow', 'Uttar Pradesh', '09', '226010'],
  ['Kochi', 'Kerala', '32', '682024'],
  ['Ahmedabad', 'Gujarat', '24', '380015'],
  ['Patna', 'Bihar', '10', '800001'],
  ['Kota', 'Rajasthan', '08', '324005'],
  ['Chandigarh', 'Chandigarh', '04', '160017'],
];
const STREETS = [
  'MG Road',
  'Station Road',
  'Gandhi Nagar',
  'Nehru Street',
  'Lake View Colony',
  'Temple Street',
  'Park Avenue',
  'Shivaji Nagar',
];
const LANDMARKS = ['Near City Hospital', 'Opposite Post Office', 'Behind Bus Stand', 'Near Ganesh Temple', ''];

interface Plan {
  id: string;
  catalogueId: string;
  label: string;
  type: string;
  months: number | null;
  endDate: string | null;
}

const DAY = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** How many plans demo student `i` has: the demo student two, others one to three (seed/demo-orders.ts buys them). */
export const demoPlanCount = (i: number) => (i === 0 ? 2 : 1 + (i % 3));

/** The k-th plan of demo student `i` came as a scholarship, not an order. */
export const demoGranted = (i: number, k: number) => i % 60 === 11 && k === 0;

/** The id of demo student `i`. */
export const demoStudentId = (i: number) => (i === 0 ? DEMO_STUDENT.id : `student-${String(i).padStart(4, '0')}`);

/**
 * Seeds the demo students once (remembered in settings), after the demo catalogues: a few hundred
 * students with Indian names across states, a GSTIN on a few, unverified e-mails, and scholarship
 * grants. Their orders, invoices, refunds and the subscriptions orders grant come from the orders
 * service (seed/demo-orders.ts), after the demo coupons.
 */
export async function seedDemoStudents(db: Db, now = new Date()): Promise<boolean> {
  const done = await db.select().from(settings).where(eq(settings.key, SEEDED));
  if (done.length > 0) return false;
  const plans: Plan[] = (
    await db
      .select({
        id: subscriptions.id,
        catalogueId: subscriptions.catalogueId,
        label: subscriptions.label,
        type: subscriptions.subscriptionType,
        months: subscriptions.numberOfMonths,
        endDate: subscriptions.endDate,
        archived: catalogues.archived,
      })
      .from(subscriptions)
      .innerJoin(catalogues, eq(catalogues.id, subscriptions.catalogueId))
      .orderBy(subscriptions.id)
  ).filter((p) => !p.archived);
  if (plans.length === 0) return false;

  const studentRows: (typeof students.$inferInsert)[] = [];
  const subscriptionRows: (typeof studentSubscriptions.$inferInsert)[] = [];

  for (let i = 0; i < DEMO_STUDENT_COUNT; i++) {
    const first = i === 0 ? 'Ananya' : FIRST[(i * 7) % FIRST.length]!;
    const last = i === 0 ? 'Sharma' : LAST[(i * 11 + Math.floor(i / FIRST.length)) % LAST.length]!;
    const [city, state, stateCode, pin] = PLACES[(i * 5) % PLACES.length]!;
    const id = demoStudentId(i);
    const mobileNumber = i === 0 ? DEMO_STUDENT.mobileNumber : String(9_810_000_000 + i * 3_797);
    const email =
      i % 17 === 5
        ? null
        : `${first}.${last}${i % 9 === 0 ? '' : i}@${['gmail.com', 'yahoo.co.in', 'outlook.com', 'rediffmail.com'][i % 4]}`.toLowerCase();
    const verified = email !== null && i % 3 !== 0;
    const pan = `AA${'ABCDEFGHJK'[i % 10]}C${'PQRSTUVWXY'[(i * 3) % 10]}${String(1000 + i).slice(-4)}${'LMNPQ'[i % 5]}`;
    const gstin = i % 45 === 20 ? `${stateCode}${pan}1Z${gstinCheckCharacter(`${stateCode}${pan}1Z`)}` : null;
    const addresses: StudentAddress[] = [
      {
        addressId: `${id}-home`,
        type: 'HOME',
        addressLine1: `${10 + ((i * 37) % 480)}, ${STREETS[i % STREETS.length]}`,
        addressLine2: i % 2 === 0 ? `${['2nd', '4th', '7th', '1st'][i % 4]} Cross` : '',
        landMark: LANDMARKS[i % LANDMARKS.length]!,
        city,
        state,
        pin,
        preferredAddress: true,
      },
    ];
    const createdAt = new Date(now.getTime() - (420 - (i % 400)) * DAY);
    studentRows.push({
      id,
      name: `${first} ${last}`,
      mobileNumber,
      email,
      emailVerified: verified,
      emailVerification: verified
        ? {
            at: new Date(createdAt.getTime() + 3_600_000).toISOString(),
            by: `${first} ${last}`,
            method: 'LINK',
            reason: null,
          }
        : null,
      stateCode,
      gstin,
      addresses,
      createdAt,
    });

    for (let k = 0; k < demoPlanCount(i); k++) {
      if (!demoGranted(i, k)) continue;
      // a scholarship: granted by staff, no order behind it
      const plan = plans[(i * 7 + k * 3) % plans.length]!;
      const granted = new Date(now.getTime() - ((i * 13 + k * 37) % 400) * DAY - (i % 24) * 3_600_000);
      const start = isoDay(granted);
      const end = plan.type === 'FIXED' && plan.endDate ? plan.endDate : endOfMonths(start, plan.months ?? 12);
      subscriptionRows.push({
        id: `${id}-sub-${k + 1}`,
        studentId: id,
        catalogueId: plan.catalogueId,
        subscriptionId: plan.id,
        label: plan.label,
        startDate: start,
        endDate: end,
        originalEndDate: end,
        cancelled: false,
        sourceOrderId: null,
        grantReason: 'Scholarship: district topper in the board exam',
        cancelReason: null,
        createdAt: granted,
        updatedAt: granted,
      });
    }
  }

  await db.transaction(async (tx) => {
    for (let n = 0; n < studentRows.length; n += 500) await tx.insert(students).values(studentRows.slice(n, n + 500));
    if (subscriptionRows.length > 0) await tx.insert(studentSubscriptions).values(subscriptionRows);
    await tx.insert(settings).values({ key: SEEDED, value: now.toISOString() });
  });
  return true;
}
