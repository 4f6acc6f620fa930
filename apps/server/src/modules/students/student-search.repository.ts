import type { StudentMatchField } from '@lectern/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** What the search looks for, already normalised by the service. */
export interface StudentSearchTerms {
  /** the text as typed (trimmed): exact order id, invoice number and e-mail */
  text: string;
  /** the words every one of which a name must hold (at most a few) */
  words: string[];
  /** the digits of a mobile number (without +91), when the text is only a number; else null */
  digits: string | null;
  /** the India day: a subscription ending before it has run out */
  today: string;
  offset: number;
  limit: number;
}

export interface StudentSearchRow {
  studentId: string;
  name: string;
  mobileNumber: string;
  email: string | null;
  field: StudentMatchField;
  value: string;
  orderId: string | null;
  rank: number;
  activePlans: number;
  latestOrder: {
    orderId: string;
    createdAt: Date;
    paymentStatus: string;
    total: number;
    invoiceNumber: string | null;
  } | null;
}

export interface RecentOrderRow {
  orderId: string;
  createdAt: Date;
  paymentStatus: string;
  total: number;
  invoiceNumber: string | null;
  studentId: string;
  studentName: string;
  mobileNumber: string;
}

/** `%`, `_` and `\` of what was typed match themselves in a LIKE pattern. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A match's rank: 0 exact (mobile, order id, invoice number, e-mail), 1 name prefix, 2 a name's word prefix, 3 any part. */
const EXACT = sql.raw('0');
const PART = sql.raw('3');

// Both drivers (PGlite and node-postgres) answer `execute` with `rows`.
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/**
 * The student search (DESIGN §10). Each kind of match is one branch that an index of migration 0026
 * serves (pg_trgm GIN for any part of a name, e-mail or mobile number; expression indexes for an
 * exact order id or invoice number); the best match of each student wins, and only the page asked
 * for is counted for plans and read for its latest order.
 */
export class StudentSearchRepository {
  constructor(private readonly db: Db) {}

  async search(terms: StudentSearchTerms): Promise<{ rows: StudentSearchRow[]; total: number }> {
    const branches: SQL[] = [];
    if (terms.digits) {
      branches.push(sql`
        SELECT s.id AS student_id, 'MOBILE' AS field, s.mobile_number AS value, NULL::text AS order_id,
          CASE WHEN s.mobile_number = ${terms.digits} THEN ${EXACT} ELSE ${PART} END AS rank
        FROM students s WHERE s.mobile_number LIKE ${`%${escapeLike(terms.digits)}%`}`);
    }
    if (!/\s/.test(terms.text)) {
      branches.push(sql`
        SELECT o.student_id, 'ORDER_ID', o.id, o.id, ${EXACT} FROM orders o WHERE lower(o.id) = lower(${terms.text})`);
      branches.push(sql`
        SELECT o.student_id, 'INVOICE_NUMBER', i.invoice_number, o.id, ${EXACT}
        FROM invoices i JOIN orders o ON o.id = i.order_id
        WHERE lower(i.invoice_number) = lower(${terms.text})`);
      branches.push(sql`
        SELECT s.id, 'EMAIL', s.email, NULL::text,
          CASE WHEN s.search_email = lower(${terms.text}) THEN ${EXACT} ELSE ${PART} END
        FROM students s WHERE s.search_email LIKE ${`%${escapeLike(terms.text.toLowerCase())}%`}`);
    }
    if (terms.words.length > 0) {
      const folded = sql`search_fold(${escapeLike(terms.words.join(' '))})`;
      const first = sql`search_fold(${escapeLike(terms.words[0]!)})`;
      const every = sql.join(
        terms.words.map((word) => sql`s.search_name LIKE '%' || search_fold(${escapeLike(word)}) || '%'`),
        sql` AND `,
      );
      branches.push(sql`
        SELECT s.id, 'NAME', s.name, NULL::text,
          CASE WHEN s.search_name LIKE ${folded} || '%' THEN 1
               WHEN s.search_name LIKE '% ' || ${first} || '%' THEN 2
               ELSE ${PART} END
        FROM students s WHERE ${every}`);
    }
    if (branches.length === 0) return { rows: [], total: 0 };

    const result = await this.db.execute(sql`
      WITH matches (student_id, field, value, order_id, rank) AS (${sql.join(branches, sql` UNION ALL `)}),
      best AS (
        SELECT DISTINCT ON (student_id) student_id, field, value, order_id AS matched_order_id, rank FROM matches
        ORDER BY student_id, rank,
          array_position(ARRAY['MOBILE', 'ORDER_ID', 'INVOICE_NUMBER', 'EMAIL', 'NAME'], field)
      ),
      page AS (
        SELECT b.*, s.name, s.mobile_number, s.email, count(*) OVER () AS total
        FROM best b JOIN students s ON s.id = b.student_id
        ORDER BY b.rank, s.name, s.mobile_number
        LIMIT ${terms.limit} OFFSET ${terms.offset}
      )
      SELECT p.student_id, p.name, p.mobile_number, p.email, p.field, p.value, p.matched_order_id, p.rank, p.total,
        (SELECT count(*) FROM student_subscriptions ss
          WHERE ss.student_id = p.student_id AND NOT ss.cancelled AND ss.end_date >= ${terms.today}::date) AS active_plans,
        lo.id AS order_id, lo.created_at AS order_created_at, lo.payment_status, lo.total AS order_total,
        (SELECT i.invoice_number FROM invoices i WHERE i.order_id = lo.id) AS invoice_number
      FROM page p
      LEFT JOIN LATERAL (
        SELECT o.id, o.created_at, o.payment_status, o.total FROM orders o
        WHERE o.student_id = p.student_id ORDER BY o.created_at DESC, o.id LIMIT 1
      ) lo ON true
      ORDER BY p.rank, p.name, p.mobile_number`);
    const rows = rowsOf<{
      student_id: string;
      name: string;
      mobile_number: string;
      email: string | null;
      field: StudentMatchField;
      value: string;
      matched_order_id: string | null;
      rank: number | string;
      total: number | string;
      active_plans: number | string;
      order_id: string | null;
      order_created_at: Date | string | null;
      payment_status: string | null;
      order_total: number | string | null;
      invoice_number: string | null;
    }>(result);
    return {
      total: Number(rows[0]?.total ?? 0),
      rows: rows.map((r) => ({
        studentId: r.student_id,
        name: r.name,
        mobileNumber: r.mobile_number,
        email: r.email,
        field: r.field,
        value: r.value,
        orderId: r.matched_order_id,
        rank: Number(r.rank),
        activePlans: Number(r.active_plans),
        latestOrder:
          r.order_id === null
            ? null
            : {
                orderId: r.order_id,
                createdAt: toDate(r.order_created_at!),
                paymentStatus: r.payment_status!,
                total: Number(r.order_total),
                invoiceNumber: r.invoice_number,
              },
      })),
    };
  }

  /** The newest students, by when they joined. */
  async newestStudents(limit: number) {
    const result = await this.db.execute(sql`
      SELECT id, name, mobile_number, email, created_at FROM students
      ORDER BY created_at DESC, id LIMIT ${limit}`);
    return rowsOf<{ id: string; name: string; mobile_number: string; email: string | null; created_at: Date | string }>(
      result,
    ).map((r) => ({
      studentId: r.id,
      name: r.name,
      mobileNumber: r.mobile_number,
      email: r.email,
      createdAt: toDate(r.created_at),
    }));
  }

  /** The newest orders, with their student and invoice number. */
  async newestOrders(limit: number): Promise<RecentOrderRow[]> {
    const result = await this.db.execute(sql`
      SELECT o.id, o.created_at, o.payment_status, o.total, i.invoice_number,
        s.id AS student_id, s.name, s.mobile_number
      FROM orders o
      JOIN students s ON s.id = o.student_id
      LEFT JOIN invoices i ON i.order_id = o.id
      ORDER BY o.created_at DESC, o.id DESC LIMIT ${limit}`);
    return rowsOf<{
      id: string;
      created_at: Date | string;
      payment_status: string;
      total: number | string;
      invoice_number: string | null;
      student_id: string;
      name: string;
      mobile_number: string;
    }>(result).map((r) => ({
      orderId: r.id,
      createdAt: toDate(r.created_at),
      paymentStatus: r.payment_status,
      total: Number(r.total),
      invoiceNumber: r.invoice_number,
      studentId: r.student_id,
      studentName: r.name,
      mobileNumber: r.mobile_number,
    }));
  }
}
