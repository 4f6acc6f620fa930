import crypto from 'node:crypto';
import { paise, type Order, type StudentAddress } from '@lectern/contract';
import {
  addOns,
  batchStudents,
  batches,
  branches,
  catalogues,
  deliveryAddresses,
  deliveryCancellations,
  deliveryInHand,
  deliveryPackages,
  deliveryTrackers,
  groupBatches,
  orders,
  programs,
  studentGroups,
  storeListings,
  studentSubscriptions,
  students,
  subscriptions,
} from '../db/schema';
import { StudentsRepository } from '../modules/students/students.repository';
import { issueInvoice } from '../modules/students/students.service';
import type { TestContext } from './test-app';

// Factories: each inserts exactly the rows a suite reads, with defaults a caller may override, and ids,
// names, codes and mobile numbers no other call gives (so a suite never leans on the demo seed's rows).

/** What a factory needs of a test app: its database (and, for invoices, its configuration). */
type Ctx = Pick<TestContext, 'database' | 'config'>;

const RUN = crypto.randomBytes(3).toString('hex');
let counter = 0;
const next = () => ++counter;

/** A key no other call of this process gives: `prefix-<run>-<n>`. */
export const uniqueKey = (prefix: string) => `${prefix}-${RUN}-${next()}`;

/** A code of upper-case letters, digits and hyphens no other call gives (batch and catalogue codes). */
export const uniqueCode = (prefix: string) => `${prefix}-${RUN}-${next()}`.toUpperCase();

// 81xxxxxxxx: no demo student (98…), no suite's generated sheet (70…, 71…), no "unknown number" a suite asks for
const MOBILE_BASE = 8_100_000_000 + crypto.randomInt(0, 800_000) * 1_000;
/** A valid 10-digit mobile number no other call gives. */
export const uniqueMobile = () => String(MOBILE_BASE + next());

const TRACKING_BASE = crypto.randomInt(0, 9_000_000);
const DAY = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const db = (t: Ctx) => t.database.db;

// ---------- students ----------

export interface StudentFields {
  id: string;
  name: string;
  mobileNumber: string;
  email: string | null;
  stateCode: string;
  addresses: StudentAddress[];
}

/** A student living in Bengaluru (Karnataka, 29), with an unverified e-mail unless told otherwise. */
export async function createStudent(
  t: Ctx,
  overrides: Partial<StudentFields> & { emailVerified?: boolean; createdAt?: Date } = {},
): Promise<StudentFields> {
  const id = overrides.id ?? uniqueKey('student');
  const n = next();
  const name = overrides.name ?? `Test Student ${n}`;
  const row = {
    id,
    name,
    mobileNumber: overrides.mobileNumber ?? uniqueMobile(),
    email: overrides.email === undefined ? `${id}@example.in` : overrides.email,
    stateCode: overrides.stateCode ?? '29',
    addresses: overrides.addresses ?? [
      {
        addressId: `${id}-home`,
        type: 'HOME' as const,
        addressLine1: `${10 + (n % 480)}, MG Road`,
        addressLine2: '',
        landMark: 'Near City Hospital',
        city: 'Bengaluru',
        state: 'Karnataka',
        pin: '560034',
        preferredAddress: true,
      },
    ],
  };
  await db(t)
    .insert(students)
    .values({
      ...row,
      emailVerified: overrides.emailVerified ?? false,
      ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
    });
  return row;
}

// ---------- catalogues ----------

export interface PlanFields {
  id: string;
  label: string;
  price: number;
  months: number;
}

export interface CatalogueFields {
  id: string;
  name: string;
  code: string;
  plans: PlanFields[];
  /** the printed study material add-on (automation DELIVERY), when asked for */
  printedAddOn: { id: string; name: string; price: number } | null;
}

/** A published catalogue with monthly plans (one of 6 months at ₹4,999 unless told), and printed material if asked. */
export async function createCatalogue(
  t: Ctx,
  overrides: {
    name?: string;
    archived?: boolean;
    plans?: { label: string; months: number; price: number }[];
    printedMaterial?: boolean;
  } = {},
): Promise<CatalogueFields> {
  const id = uniqueKey('cat');
  const code = uniqueCode('CAT');
  const name = overrides.name ?? `Test Catalogue ${code}`;
  await db(t)
    .insert(catalogues)
    .values({ id, name, code, publishState: true, archived: overrides.archived ?? false });
  const plans = (overrides.plans ?? [{ label: '6 months', months: 6, price: 499_900 }]).map((p, i) => ({
    id: `${id}-sub-${i + 1}`,
    ...p,
  }));
  await db(t)
    .insert(subscriptions)
    .values(
      plans.map((p, position) => ({
        id: p.id,
        catalogueId: id,
        position,
        label: p.label,
        subscriptionType: 'MONTHLY',
        price: p.price,
        numberOfMonths: p.months,
      })),
    );
  let printedAddOn: CatalogueFields['printedAddOn'] = null;
  if (overrides.printedMaterial) {
    printedAddOn = { id: `${id}-addon-1`, name: 'Printed study material', price: 150_000 };
    await db(t)
      .insert(addOns)
      .values({ ...printedAddOn, catalogueId: id, position: 0, automationType: 'DELIVERY' });
  }
  return { id, name, code, plans, printedAddOn };
}

/** A published store listing of a catalogue (named after it unless told), selling every plan of it. */
export async function createStoreListing(
  t: Ctx,
  catalogue: CatalogueFields,
  overrides: { name?: string } = {},
): Promise<{ id: string; name: string }> {
  const id = uniqueKey('store');
  const row = { id, name: overrides.name ?? catalogue.name };
  await db(t)
    .insert(storeListings)
    .values({ ...row, catalogueId: catalogue.id, code: uniqueCode('SL'), slug: id.toLowerCase(), publishState: true });
  return row;
}

// ---------- orders, invoices, subscriptions ----------

/**
 * An order of a student for a plan (and the catalogue's printed material with `withAddOn`): PAID (with
 * its GST invoice, numbered as the order flow numbers it) unless told FAILED.
 */
export async function createOrder(
  t: Ctx,
  input: {
    student: StudentFields;
    catalogue: CatalogueFields;
    plan?: PlanFields;
    withAddOn?: boolean;
    status?: 'PAID' | 'FAILED';
    paidAt?: Date;
  },
): Promise<{ id: string; total: number; paidAt: Date | null }> {
  const plan = input.plan ?? input.catalogue.plans[0]!;
  const id = uniqueKey('order');
  const items: Order['items'] = [
    {
      description: `${input.catalogue.name}: ${plan.label}`,
      catalogueId: input.catalogue.id,
      subscriptionId: plan.id,
      addOnId: null,
      quantity: 1,
      unitPrice: paise(plan.price),
    },
  ];
  const addOn = input.catalogue.printedAddOn;
  if (input.withAddOn && addOn) {
    items.push({
      description: addOn.name,
      catalogueId: input.catalogue.id,
      subscriptionId: null,
      addOnId: addOn.id,
      quantity: 1,
      unitPrice: paise(addOn.price),
    });
  }
  const total = items.reduce((n, item) => n + item.unitPrice, 0);
  const paid = (input.status ?? 'PAID') === 'PAID';
  const paidAt = paid ? (input.paidAt ?? new Date()) : null;
  const repo = new StudentsRepository(db(t));
  await db(t).transaction(async (tx) => {
    await tx.insert(orders).values({
      id,
      studentId: input.student.id,
      items,
      total,
      paymentStatus: paid ? 'PAID' : 'FAILED',
      paymentMethod: paid ? 'UPI' : 'CARD',
      paidAt,
      createdAt: new Date((paidAt ?? new Date()).getTime() - 90_000),
    });
    if (paidAt) {
      const student = (await repo.byId(input.student.id, tx))!;
      await issueInvoice(tx, repo, t.config.invoicing, { id, items, discount: 0, paidAt }, student);
    }
  });
  return { id, total, paidAt };
}

/** A student's subscription to a plan, from `startDate` (today) for the plan's months (or to `endDate`). */
export async function createStudentSubscription(
  t: Ctx,
  input: {
    student: StudentFields;
    catalogue: CatalogueFields;
    plan?: PlanFields;
    startDate?: string;
    endDate?: string;
    orderId?: string | null;
  },
): Promise<{ id: string; startDate: string; endDate: string }> {
  const plan = input.plan ?? input.catalogue.plans[0]!;
  const startDate = input.startDate ?? isoDay(new Date());
  const endDate = input.endDate ?? isoDay(new Date(Date.parse(startDate) + plan.months * 30 * DAY));
  const id = uniqueKey('stsub');
  await db(t)
    .insert(studentSubscriptions)
    .values({
      id,
      studentId: input.student.id,
      catalogueId: input.catalogue.id,
      subscriptionId: plan.id,
      label: plan.label,
      startDate,
      endDate,
      originalEndDate: endDate,
      sourceOrderId: input.orderId ?? null,
      createdAt: new Date(`${startDate}T06:00:00Z`),
    });
  return { id, startDate, endDate };
}

// ---------- branches, programs, batches, groups ----------

export async function createBranch(t: Ctx, overrides: { name?: string; city?: string } = {}) {
  const id = uniqueKey('branch');
  const row = { id, name: overrides.name ?? `Test Branch ${id}`, city: overrides.city ?? 'Kota' };
  await db(t).insert(branches).values(row);
  return row;
}

export async function createProgram(t: Ctx, overrides: { name?: string } = {}) {
  const id = uniqueKey('program');
  const row = { id, name: overrides.name ?? `Test Program ${id}` };
  await db(t).insert(programs).values(row);
  return row;
}

export interface BatchFields {
  id: string;
  name: string;
  code: string;
  capacity: number;
  branchId: string;
  programId: string;
  /** the students placed in it: `studentIds`, then the `students` made for it */
  studentIds: string[];
}

/**
 * A batch (ACTIVE, 50 seats, in a branch and program of its own unless given) holding `studentIds`
 * and `students` new students; CLOSED with `closed`, closed by `closedBy`.
 */
export async function createBatch(
  t: Ctx,
  overrides: {
    name?: string;
    code?: string;
    capacity?: number;
    closed?: boolean;
    closedBy?: string;
    branchId?: string;
    programId?: string;
    studentIds?: string[];
    students?: number;
  } = {},
): Promise<BatchFields> {
  const branchId = overrides.branchId ?? (await createBranch(t)).id;
  const programId = overrides.programId ?? (await createProgram(t)).id;
  const code = overrides.code ?? uniqueCode('B');
  const row = {
    id: uniqueKey('batch'),
    name: overrides.name ?? `Test Batch ${code}`,
    code,
    capacity: overrides.capacity ?? 50,
    branchId,
    programId,
  };
  const closedAt = overrides.closed ? new Date() : null;
  await db(t)
    .insert(batches)
    .values({
      ...row,
      startDate: '2026-01-01',
      endDate: '2027-12-31',
      status: overrides.closed ? 'CLOSED' : 'ACTIVE',
      closedAt,
      closedBy: overrides.closed ? (overrides.closedBy ?? 'Priya Raghavan') : null,
    });
  const studentIds = [...(overrides.studentIds ?? [])];
  for (let i = 0; i < (overrides.students ?? 0); i++) studentIds.push((await createStudent(t)).id);
  if (studentIds.length) await addToBatch(t, row.id, studentIds);
  return { ...row, studentIds };
}

/** Puts students in a batch as places (no roll numbers), whatever its state or seats. */
export async function addToBatch(t: Ctx, batchId: string, studentIds: string[]): Promise<void> {
  await db(t)
    .insert(batchStudents)
    .values(studentIds.map((studentId) => ({ batchId, studentId })));
}

/** A group of batches. */
export async function createGroup(t: Ctx, batchIds: string[], overrides: { name?: string } = {}) {
  const id = uniqueKey('group');
  const row = { id, name: overrides.name ?? `Test Group ${id}` };
  await db(t).insert(studentGroups).values(row);
  if (batchIds.length)
    await db(t)
      .insert(groupBatches)
      .values(batchIds.map((batchId) => ({ groupId: id, batchId })));
  return row;
}

// ---------- delivery ----------

export interface PackageFields {
  id: string;
  orderId: string;
  studentId: string;
  studentName: string;
  catalogueId: string;
  /** the courier consignment's tracking id, when it has one */
  trackingId: string | null;
}

/**
 * A delivery package of printed study material, with its student, catalogue and paid order (ordered
 * `daysAgo` days ago): PENDING unless told; PROCESSED or DELIVERED by courier (DTDC, a tracking id of its
 * own) or in hand; CANCELLED after processing with the consignment coming back (`cancelledFrom: 'PROCESSED'`).
 */
export async function createDeliveryPackage(
  t: Ctx,
  overrides: {
    status?: 'PENDING' | 'PROCESSED' | 'DELIVERED' | 'CANCELLED';
    cancelledFrom?: 'PENDING' | 'PROCESSED';
    mode?: 'COURIER' | 'IN_HAND';
    daysAgo?: number;
    student?: StudentFields;
    catalogue?: CatalogueFields;
  } = {},
): Promise<PackageFields> {
  const status = overrides.status ?? 'PENDING';
  const student = overrides.student ?? (await createStudent(t));
  const catalogue = overrides.catalogue ?? (await createCatalogue(t, { printedMaterial: true }));
  const orderedAt = new Date(Date.now() - (overrides.daysAgo ?? 1) * DAY);
  const order = await createOrder(t, { student, catalogue, withAddOn: true, paidAt: orderedAt });
  const addOn = catalogue.printedAddOn!;
  const id = uniqueKey('DP').toUpperCase();
  const processedFrom = status === 'CANCELLED' ? (overrides.cancelledFrom ?? 'PROCESSED') : status;
  const processed = processedFrom === 'PROCESSED' || processedFrom === 'DELIVERED';
  const mode = overrides.mode ?? 'COURIER';
  const courier = processed && mode === 'COURIER';
  const processedAt = processed ? new Date(orderedAt.getTime() + 3_600_000) : null;
  const deliveredAt = status === 'DELIVERED' ? new Date(orderedAt.getTime() + 2 * 3_600_000) : null;
  const [address] = student.addresses;
  // D9…: a DTDC number of eight digits, apart from the D7… ones the suites type themselves
  const trackingId = courier ? `D${90_000_000 + ((TRACKING_BASE + next()) % 9_999_999)}` : null;
  await db(t).transaction(async (tx) => {
    await tx.insert(deliveryPackages).values({
      id,
      orderId: order.id,
      addOnId: addOn.id,
      studentId: student.id,
      catalogueId: catalogue.id,
      items: [{ description: `${addOn.name} (${catalogue.name})`, quantity: 1 }],
      status,
      deliveryMode: mode,
      orderedAt,
      processedAt,
      deliveredAt,
      updatedAt: deliveredAt ?? processedAt ?? orderedAt,
    });
    await tx.insert(deliveryAddresses).values({
      id: `${id}-A1`,
      packageId: id,
      type: 'HOME',
      addressLine1: address!.addressLine1,
      addressLine2: address!.addressLine2,
      landMark: address!.landMark,
      city: address!.city,
      state: address!.state,
      pin: address!.pin,
    });
    if (processed && mode === 'IN_HAND') {
      await tx.insert(deliveryInHand).values({ packageId: id, handDeliveryLocation: 'Lectern Kota Centre, Kota' });
    }
    if (courier) {
      await tx.insert(deliveryTrackers).values({
        id: `${id}-T1`,
        packageId: id,
        serviceProvider: 'DTDC',
        trackingId: trackingId!,
        status: status === 'DELIVERED' ? 'DELIVERED' : status === 'CANCELLED' ? 'RETURN_IN_TRANSIT' : 'IN_TRANSIT',
        createdAt: processedAt!,
        updatedAt: deliveredAt ?? processedAt!,
      });
    }
    if (status === 'CANCELLED') {
      await tx.insert(deliveryCancellations).values({
        packageId: id,
        cancellationRequestType: 'STUDENT_REQUEST',
        description: 'Student asked to cancel: already has the printed notes.',
        cancelledFrom: processedFrom,
        returnTrackerId: courier ? `${id}-T1` : null,
        cancelledBy: 'Vikram Sethi',
      });
    }
  });
  return {
    id,
    orderId: order.id,
    studentId: student.id,
    studentName: student.name,
    catalogueId: catalogue.id,
    trackingId,
  };
}
