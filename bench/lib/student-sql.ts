import type { Captured } from './sql';

/** A student of the large seed (200,000 students, three orders each): the lookup and the invoice list. */
export const BENCH_STUDENT = { id: 'bench-student-123457', mobileNumber: '6000123457' };

/**
 * The baselines of the student figures, plain SQL of the same rows with no service around it: the
 * student by mobile number; and the invoice list's rows at once (the student, the orders with their
 * invoices' number, date and total, the credit notes against those invoices).
 */
export function studentReads(): { lookup: Captured; invoices: Captured } {
  const { id, mobileNumber } = BENCH_STUDENT;
  return {
    lookup: [[{ sql: 'SELECT * FROM students WHERE mobile_number = $1', params: [mobileNumber] }]],
    invoices: [
      [
        { sql: 'SELECT id FROM students WHERE id = $1', params: [id] },
        {
          sql: `SELECT o.*, i.id AS invoice_id, i.invoice_number, i.invoice_date, i.total AS invoice_total
                FROM orders o LEFT JOIN invoices i ON i.order_id = o.id
                WHERE o.student_id = $1 ORDER BY o.created_at DESC, o.id`,
          params: [id],
        },
        {
          sql: `SELECT c.* FROM credit_notes c JOIN invoices i ON i.id = c.invoice_id JOIN orders o ON o.id = i.order_id
                WHERE o.student_id = $1`,
          params: [id],
        },
      ],
    ],
  };
}
