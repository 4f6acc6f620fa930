import type { StudentAddress } from '@lectern/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  batchStudents,
  catalogues,
  creditNoteSequences,
  creditNotes,
  invoiceSequences,
  invoices,
  orders,
  students,
  studentSubscriptions,
  subscriptions,
} from '../../db/schema';

export type StudentRow = typeof students.$inferSelect;
export type StudentSubscriptionRow = typeof studentSubscriptions.$inferSelect & { catalogueName: string };
type OrderRow = typeof orders.$inferSelect;
type InvoiceRow = typeof invoices.$inferSelect;
export type CreditNoteRow = typeof creditNotes.$inferSelect;
/** An order with the summary of its invoice (null while none is issued). */
export interface OrderWithInvoice {
  order: OrderRow;
  invoice: { id: string; invoiceNumber: string; invoiceDate: string; total: number; credited: number } | null;
}
type StudentSubscriptionInsert = typeof studentSubscriptions.$inferInsert;

/** Students, their subscriptions, orders, invoices and credit notes. */
export class StudentsRepository {
  constructor(private readonly db: Db) {}

  async byMobile(mobileNumber: string): Promise<StudentRow | null> {
    const [row] = await this.db.select().from(students).where(eq(students.mobileNumber, mobileNumber));
    return row ?? null;
  }

  async byId(id: string, db: Db = this.db): Promise<StudentRow | null> {
    const [row] = await db.select().from(students).where(eq(students.id, id));
    return row ?? null;
  }

  /** The students named; `inBatchOnly` leaves out those who are in no batch (batch staff's view). */
  async byIds(ids: string[], inBatchOnly = false): Promise<StudentRow[]> {
    if (ids.length === 0) return [];
    const named = inArray(students.id, ids);
    return this.db
      .select()
      .from(students)
      .where(
        inBatchOnly
          ? and(named, sql`EXISTS (SELECT 1 FROM ${batchStudents} WHERE ${batchStudents.studentId} = ${students.id})`)
          : named,
      );
  }

  /** The names of the students named (unknown ids left out), read in `tx`. */
  async namesOf(tx: Db, ids: string[]): Promise<Pick<StudentRow, 'id' | 'name'>[]> {
    if (ids.length === 0) return [];
    return tx
      .select({ id: students.id, name: students.name })
      .from(students)
      .where(sql`${students.id} = ANY(${sql.param(ids)}::text[])`);
  }

  /** The students holding these mobile numbers (one statement, any number of them). */
  async byMobiles(tx: Db, mobileNumbers: string[]): Promise<Pick<StudentRow, 'id' | 'name' | 'mobileNumber'>[]> {
    if (mobileNumbers.length === 0) return [];
    return tx
      .select({ id: students.id, name: students.name, mobileNumber: students.mobileNumber })
      .from(students)
      .where(sql`${students.mobileNumber} = ANY(${sql.param(mobileNumbers)}::text[])`);
  }

  /**
   * Adds students in one statement (a sheet of thousands). A mobile number another student already
   * holds is left out, not an error: returns the mobile numbers that were added.
   */
  async insertMany(
    tx: Db,
    rows: { id: string; name: string; mobileNumber: string; email: string | null; stateCode: string }[],
  ): Promise<string[]> {
    if (rows.length === 0) return [];
    const column = <K extends keyof (typeof rows)[number]>(key: K) => sql.param(rows.map((r) => r[key]));
    const result = await tx.execute(sql`
      INSERT INTO students (id, name, mobile_number, email, state_code)
      SELECT * FROM unnest(${column('id')}::text[], ${column('name')}::text[], ${column('mobileNumber')}::text[],
                           ${column('email')}::text[], ${column('stateCode')}::text[])
      ON CONFLICT (mobile_number) DO NOTHING
      RETURNING mobile_number`);
    // Both drivers (PGlite and node-postgres) answer with `rows`.
    return (result as unknown as { rows: { mobile_number: string }[] }).rows.map((r) => r.mobile_number);
  }

  async lockStudent(tx: Db, id: string): Promise<StudentRow | null> {
    const [row] = await tx.select().from(students).where(eq(students.id, id)).for('update');
    return row ?? null;
  }

  async setEmailVerification(tx: Db, id: string, verification: Record<string, unknown>): Promise<void> {
    await tx.update(students).set({ emailVerified: true, emailVerification: verification }).where(eq(students.id, id));
  }

  async insertStudent(tx: Db, values: typeof students.$inferInsert & { addresses: StudentAddress[] }): Promise<void> {
    await tx.insert(students).values(values);
  }

  // ---- subscriptions

  private subscriptionSelect(db: Db) {
    return db
      .select({ sub: studentSubscriptions, catalogueName: catalogues.name })
      .from(studentSubscriptions)
      .innerJoin(catalogues, eq(catalogues.id, studentSubscriptions.catalogueId));
  }

  async subscriptionsOf(studentId: string): Promise<StudentSubscriptionRow[]> {
    const rows = await this.subscriptionSelect(this.db)
      .where(eq(studentSubscriptions.studentId, studentId))
      .orderBy(desc(studentSubscriptions.startDate), desc(studentSubscriptions.createdAt));
    return rows.map((r) => ({ ...r.sub, catalogueName: r.catalogueName }));
  }

  async subscriptionById(id: string, db: Db = this.db): Promise<StudentSubscriptionRow | null> {
    const [row] = await this.subscriptionSelect(db).where(eq(studentSubscriptions.id, id));
    return row ? { ...row.sub, catalogueName: row.catalogueName } : null;
  }

  async lockSubscription(tx: Db, id: string): Promise<StudentSubscriptionRow | null> {
    const [row] = await tx.select().from(studentSubscriptions).where(eq(studentSubscriptions.id, id)).for('update');
    if (!row) return null;
    const [catalogue] = await tx
      .select({ name: catalogues.name })
      .from(catalogues)
      .where(eq(catalogues.id, row.catalogueId));
    return { ...row, catalogueName: catalogue?.name ?? '' };
  }

  async bumpSubscriptionVersion(tx: Db, id: string): Promise<void> {
    await tx
      .update(studentSubscriptions)
      .set({ version: sql`${studentSubscriptions.version} + 1`, updatedAt: new Date() })
      .where(eq(studentSubscriptions.id, id));
  }

  /** The last day of the student's live (not cancelled) subscriptions to a catalogue, or null. */
  async latestEndOf(tx: Db, studentId: string, catalogueId: string): Promise<string | null> {
    const [row] = await tx
      .select({ end: sql<string | null>`max(${studentSubscriptions.endDate})::text` })
      .from(studentSubscriptions)
      .where(
        and(
          eq(studentSubscriptions.studentId, studentId),
          eq(studentSubscriptions.catalogueId, catalogueId),
          eq(studentSubscriptions.cancelled, false),
        ),
      );
    return row?.end ?? null;
  }

  async insertSubscription(tx: Db, values: StudentSubscriptionInsert): Promise<void> {
    await tx.insert(studentSubscriptions).values(values);
  }

  async updateSubscription(
    tx: Db,
    id: string,
    changes: Partial<Pick<StudentSubscriptionInsert, 'endDate' | 'cancelled' | 'cancelReason'>>,
  ): Promise<void> {
    await tx.update(studentSubscriptions).set(changes).where(eq(studentSubscriptions.id, id));
  }

  /** A catalogue's subscription plan with whether its catalogue is archived. */
  async plan(subscriptionId: string) {
    const [row] = await this.db
      .select({
        id: subscriptions.id,
        label: subscriptions.label,
        subscriptionType: subscriptions.subscriptionType,
        numberOfMonths: subscriptions.numberOfMonths,
        endDate: subscriptions.endDate,
        catalogueId: catalogues.id,
        catalogueName: catalogues.name,
        archived: catalogues.archived,
      })
      .from(subscriptions)
      .innerJoin(catalogues, eq(catalogues.id, subscriptions.catalogueId))
      .where(eq(subscriptions.id, subscriptionId));
    return row ?? null;
  }

  // ---- orders, invoices, credit notes

  /**
   * A student's orders, newest first, each with its invoice's number, date and total and what has
   * been credited against it (not the invoice document): the invoice list in one statement.
   */
  async ordersOf(studentId: string): Promise<OrderWithInvoice[]> {
    return this.db
      .select({
        order: orders,
        invoice: {
          id: invoices.id,
          invoiceNumber: invoices.invoiceNumber,
          invoiceDate: invoices.invoiceDate,
          total: invoices.total,
          credited:
            sql<number>`(SELECT coalesce(sum(${creditNotes.amount}), 0) FROM ${creditNotes} WHERE ${creditNotes.invoiceId} = ${invoices.id})`.mapWith(
              Number,
            ),
        },
      })
      .from(orders)
      .leftJoin(invoices, eq(invoices.orderId, orders.id))
      .where(eq(orders.studentId, studentId))
      .orderBy(desc(orders.createdAt), asc(orders.id));
  }

  async orderById(id: string): Promise<OrderRow | null> {
    const [row] = await this.db.select().from(orders).where(eq(orders.id, id));
    return row ?? null;
  }

  async insertOrder(tx: Db, values: typeof orders.$inferInsert): Promise<void> {
    await tx.insert(orders).values(values);
  }

  async invoiceOfOrder(orderId: string): Promise<InvoiceRow | null> {
    const [row] = await this.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    return row ?? null;
  }

  async creditNotesOf(invoiceIds: string[], db: Db = this.db): Promise<CreditNoteRow[]> {
    if (invoiceIds.length === 0) return [];
    return db
      .select()
      .from(creditNotes)
      .where(inArray(creditNotes.invoiceId, invoiceIds))
      .orderBy(asc(creditNotes.createdAt), asc(creditNotes.sequence));
  }

  /**
   * The next serial of a financial year, taken in the issuing transaction: the row stays locked until
   * it commits, so two issues cannot take the same number, and a rolled-back issue gives its number back.
   */
  async nextInvoiceSequence(tx: Db, financialYear: string): Promise<number> {
    const [row] = await tx
      .insert(invoiceSequences)
      .values({ financialYear, last: 1 })
      .onConflictDoUpdate({ target: invoiceSequences.financialYear, set: { last: sql`${invoiceSequences.last} + 1` } })
      .returning({ last: invoiceSequences.last });
    return row!.last;
  }

  /** The next credit-note serial of a financial year: their own series, taken as invoice serials are. */
  async nextCreditNoteSequence(tx: Db, financialYear: string): Promise<number> {
    const [row] = await tx
      .insert(creditNoteSequences)
      .values({ financialYear, last: 1 })
      .onConflictDoUpdate({
        target: creditNoteSequences.financialYear,
        set: { last: sql`${creditNoteSequences.last} + 1` },
      })
      .returning({ last: creditNoteSequences.last });
    return row!.last;
  }

  /** The credit note of a refund request (its caller's id), if it was made. */
  async creditNoteOfRequest(tx: Db, requestId: string): Promise<CreditNoteRow | null> {
    const [row] = await tx.select().from(creditNotes).where(eq(creditNotes.requestId, requestId));
    return row ?? null;
  }

  /** The subscriptions an order granted, oldest first. */
  async subscriptionsOfOrder(orderId: string) {
    return this.db
      .select({
        label: studentSubscriptions.label,
        startDate: studentSubscriptions.startDate,
        endDate: studentSubscriptions.endDate,
        cancelled: studentSubscriptions.cancelled,
        cancelReason: studentSubscriptions.cancelReason,
        createdAt: studentSubscriptions.createdAt,
        updatedAt: studentSubscriptions.updatedAt,
      })
      .from(studentSubscriptions)
      .where(eq(studentSubscriptions.sourceOrderId, orderId))
      .orderBy(asc(studentSubscriptions.createdAt));
  }

  /** Cancels what a refunded order granted (its subscriptions), saying why; how many were. */
  async cancelSubscriptionsOfOrder(tx: Db, orderId: string, reason: string): Promise<number> {
    const rows = await tx
      .update(studentSubscriptions)
      .set({
        cancelled: true,
        cancelReason: reason,
        version: sql`${studentSubscriptions.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(studentSubscriptions.sourceOrderId, orderId), eq(studentSubscriptions.cancelled, false)))
      .returning({ id: studentSubscriptions.id });
    return rows.length;
  }

  async insertInvoice(tx: Db, values: typeof invoices.$inferInsert): Promise<void> {
    await tx.insert(invoices).values(values);
  }

  async insertCreditNote(tx: Db, values: typeof creditNotes.$inferInsert): Promise<void> {
    await tx.insert(creditNotes).values(values);
  }
}
