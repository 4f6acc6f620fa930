import crypto from 'node:crypto';
import {
  creditNoteAmounts,
  financialYear,
  formatInvoiceSerial,
  gstinCheckCharacter,
  indianDate,
  paise,
  type Order,
  type StudentAddress,
} from '@lectern/contract';
import { eq, inArray } from 'drizzle-orm';
import type { InvoicingConfig } from '../config';
import type { Db } from '../db/client';
import {
  addOns,
  catalogues,
  creditNoteSequences,
  creditNotes,
  invoiceSequences,
  invoices,
  orders,
  settings,
  students,
  studentSubscriptions,
  subscriptions,
} from '../db/schema';
import { CREDIT_NOTE_PREFIX } from '../modules/students';
import { buildInvoice, endOfMonths, invoiceRow, type PaidOrder } from '../modules/students/students.service';

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
const METHODS = ['UPI', 'CARD', 'NETBANKING', 'UPI', 'WALLET', 'UPI'] as const;

interface Plan {
  id: string;
  catalogueId: string;
  label: string;
  type: string;
  months: number | null;
  endDate: string | null;
  price: number;
  catalogueName: string;
}

const DAY = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Seeds the demo students once (remembered in settings), after the demo catalogues: a few hundred
 * students with Indian names across states; their paid orders with GST invoices numbered in the order
 * they were paid, subscriptions active, expired, extended, granted and cancelled; failed payments with
 * no invoice; a refund as a credit note; a coupon on some orders; unverified e-mails.
 */
export async function seedDemoStudents(db: Db, invoicing: InvoicingConfig, now = new Date()): Promise<boolean> {
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
        price: subscriptions.price,
        catalogueName: catalogues.name,
        archived: catalogues.archived,
      })
      .from(subscriptions)
      .innerJoin(catalogues, eq(catalogues.id, subscriptions.catalogueId))
      .orderBy(subscriptions.id)
  ).filter((p) => !p.archived);
  if (plans.length === 0) return false;
  const printed = new Map(
    (
      await db
        .select({ catalogueId: addOns.catalogueId, name: addOns.name, price: addOns.price, id: addOns.id })
        .from(addOns)
        .where(
          inArray(
            addOns.catalogueId,
            plans.map((p) => p.catalogueId),
          ),
        )
    )
      .filter((a) => a.name === 'Printed study material')
      .map((a) => [a.catalogueId, a]),
  );

  const studentRows: (typeof students.$inferInsert)[] = [];
  const orderRows: (typeof orders.$inferInsert)[] = [];
  const subscriptionRows: (typeof studentSubscriptions.$inferInsert)[] = [];
  const paid: { order: PaidOrder; student: typeof students.$inferSelect; refund?: string }[] = [];
  const today = indianDate(now);

  for (let i = 0; i < DEMO_STUDENT_COUNT; i++) {
    const first = i === 0 ? 'Ananya' : FIRST[(i * 7) % FIRST.length]!;
    const last = i === 0 ? 'Sharma' : LAST[(i * 11 + Math.floor(i / FIRST.length)) % LAST.length]!;
    const [city, state, stateCode, pin] = PLACES[(i * 5) % PLACES.length]!;
    const id = i === 0 ? DEMO_STUDENT.id : `student-${String(i).padStart(4, '0')}`;
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
    const student = {
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
    };
    studentRows.push(student);

    const count = i === 0 ? 2 : 1 + (i % 3);
    for (let k = 0; k < count; k++) {
      const plan = i === 0 ? plans[k === 0 ? 0 : 2 % plans.length]! : plans[(i * 7 + k * 3) % plans.length]!;
      // the demo student: one plan bought this month, one that ran out last year
      const daysAgo = i === 0 ? (k === 0 ? 20 : 380) : (i * 13 + k * 37) % 400;
      const bought = new Date(now.getTime() - daysAgo * DAY - (i % 24) * 3_600_000);
      const start = isoDay(bought);
      const end = plan.type === 'FIXED' && plan.endDate ? plan.endDate : endOfMonths(start, plan.months ?? 12);
      const granted = i % 60 === 11 && k === 0;
      const orderId = `order-${String(i).padStart(4, '0')}-${k + 1}`;
      if (!granted) {
        const items: Order['items'] = [
          {
            description: `${plan.catalogueName}: ${plan.label}`,
            catalogueId: plan.catalogueId,
            subscriptionId: plan.id,
            addOnId: null,
            quantity: 1,
            unitPrice: paise(plan.price),
          },
        ];
        // most plans of a catalogue that ships printed material are bought with it (seed/demo-delivery.ts dispatches them)
        const withPrinted = (i % 4 === 0 && k === 0) || (i !== 0 && (i + k) % 3 !== 0);
        const addOn = withPrinted ? printed.get(plan.catalogueId) : undefined;
        if (addOn) {
          items.push({
            description: addOn.name,
            catalogueId: plan.catalogueId,
            subscriptionId: null,
            addOnId: addOn.id,
            quantity: 1,
            unitPrice: paise(addOn.price),
          });
        }
        const gross = items.reduce((n, item) => n + item.unitPrice, 0);
        // DIWALI500 (a real demo coupon, seed/demo-coupons.ts): each student uses a coupon once, on their first order
        const discount = i % 6 === 0 && k === 0 && gross > 100_000 ? 50_000 : 0;
        const method = METHODS[(i + k) % METHODS.length]!;
        orderRows.push({
          id: orderId,
          studentId: id,
          items,
          couponCode: discount ? 'DIWALI500' : null,
          discount,
          total: gross - discount,
          paymentStatus: i % 97 === 13 && k === 0 ? 'REFUNDED' : 'PAID',
          paymentMethod: method,
          gatewayReference: `pay_${crypto.createHash('sha1').update(orderId).digest('hex').slice(0, 14)}`,
          paidAt: bought,
          createdAt: new Date(bought.getTime() - 90_000),
        });
        paid.push({
          order: { id: orderId, items, discount, paidAt: bought },
          student: student as typeof students.$inferSelect,
          refund: i % 97 === 13 && k === 0 ? 'Refund on request: joined a classroom programme' : undefined,
        });
      }
      const cancelled = (i % 50 === 7 && k === 0) || (i % 97 === 13 && k === 0);
      const extended = i % 40 === 3 && k === 0 && end >= today;
      subscriptionRows.push({
        id: `${id}-sub-${k + 1}`,
        studentId: id,
        catalogueId: plan.catalogueId,
        subscriptionId: plan.id,
        label: plan.label,
        startDate: start,
        endDate: extended ? isoDay(new Date(Date.parse(end) + 30 * DAY)) : end,
        originalEndDate: end,
        cancelled,
        sourceOrderId: granted ? null : orderId,
        grantReason: granted ? 'Scholarship: district topper in the board exam' : null,
        cancelReason: cancelled
          ? i % 97 === 13
            ? 'Refunded on request'
            : 'Duplicate purchase, refunded through the gateway'
          : null,
        createdAt: bought,
      });
    }
    // a payment that failed: an order with no invoice and no subscription
    if (i % 25 === 5) {
      const plan = plans[i % plans.length]!;
      const when = new Date(now.getTime() - ((i * 3) % 60) * DAY);
      orderRows.push({
        id: `order-${String(i).padStart(4, '0')}-failed`,
        studentId: id,
        items: [
          {
            description: `${plan.catalogueName}: ${plan.label}`,
            catalogueId: plan.catalogueId,
            subscriptionId: plan.id,
            addOnId: null,
            quantity: 1,
            unitPrice: paise(plan.price),
          },
        ],
        couponCode: null,
        discount: 0,
        total: plan.price,
        paymentStatus: 'FAILED',
        paymentMethod: 'CARD',
        gatewayReference: null,
        paidAt: null,
        createdAt: when,
      });
    }
  }

  // Invoices in the order the orders were paid: serials run consecutively in each financial year.
  paid.sort((a, b) => a.order.paidAt.getTime() - b.order.paidAt.getTime());
  const sequences = new Map<string, number>();
  const invoiceRows: (typeof invoices.$inferInsert)[] = [];
  const creditRows: (typeof creditNotes.$inferInsert)[] = [];
  const creditSequences = new Map<string, number>();
  for (const { order, student, refund } of paid) {
    const invoiceYear = buildInvoice(invoicing, order, student, 1).financialYear;
    const sequence = (sequences.get(invoiceYear) ?? 0) + 1;
    sequences.set(invoiceYear, sequence);
    const invoice = buildInvoice(invoicing, order, student, sequence);
    invoiceRows.push(invoiceRow(invoice, sequence));
    if (refund) {
      // the refund a week later, in full: a credit note of the credit notes' own series
      const at = new Date(order.paidAt.getTime() + 5 * DAY);
      const year = financialYear(at);
      const creditSequence = (creditSequences.get(year) ?? 0) + 1;
      creditSequences.set(year, creditSequence);
      const figures = creditNoteAmounts(invoice.totals, [], invoice.totals.total);
      creditRows.push({
        id: crypto.randomUUID(),
        invoiceId: invoice.invoiceId,
        orderId: order.id,
        creditNoteNumber: formatInvoiceSerial(CREDIT_NOTE_PREFIX, year, creditSequence),
        financialYear: year,
        sequence: creditSequence,
        creditNoteDate: indianDate(at),
        amount: figures.total,
        taxableValue: figures.taxableValue,
        cgst: figures.cgst,
        sgst: figures.sgst,
        igst: figures.igst,
        reason: refund,
        refundMode: 'ONLINE',
        reference: `rfnd_${crypto.createHash('sha1').update(order.id).digest('hex').slice(0, 14)}`,
        refundStatus: 'PROCESSED',
        createdByName: 'Vikram Sethi',
        createdAt: at,
      });
    }
  }

  await db.transaction(async (tx) => {
    for (let n = 0; n < studentRows.length; n += 500) await tx.insert(students).values(studentRows.slice(n, n + 500));
    for (let n = 0; n < orderRows.length; n += 500) await tx.insert(orders).values(orderRows.slice(n, n + 500));
    for (let n = 0; n < subscriptionRows.length; n += 500) {
      await tx.insert(studentSubscriptions).values(subscriptionRows.slice(n, n + 500));
    }
    for (let n = 0; n < invoiceRows.length; n += 200) await tx.insert(invoices).values(invoiceRows.slice(n, n + 200));
    if (creditRows.length > 0) await tx.insert(creditNotes).values(creditRows);
    if (creditSequences.size > 0) {
      await tx
        .insert(creditNoteSequences)
        .values([...creditSequences].map(([financialYear, last]) => ({ financialYear, last })));
    }
    if (sequences.size > 0) {
      await tx
        .insert(invoiceSequences)
        .values([...sequences].map(([financialYear, last]) => ({ financialYear, last })));
    }
    await tx.insert(settings).values({ key: SEEDED, value: now.toISOString() });
  });
  return true;
}
