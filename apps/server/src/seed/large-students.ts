import { GST_STATES, paise } from '@lectern/contract';
import type { InvoicingConfig } from '../config';
import type { StudentRow } from '../modules/students/students.repository';
import { buildInvoice } from '../modules/students/students.service';

/** Orders per large-seed student: 200,000 students make the 600,000 orders the bench asks for. */
export const LARGE_ORDERS_PER_STUDENT = 3;

/**
 * The bench catalogues' orders come from: every twentieth catalogue from these offsets (never an
 * archived one: those are every fiftieth), at their first plan's price, (4999 + offset x 500) rupees.
 */
const PLAN_OFFSETS = [1, 5, 11] as const;
const planPrice = (offset: number) => (4999 + offset * 500) * 100;

const FIRST = ['Aarav', 'Diya', 'Ishaan', 'Kavya', 'Saanvi', 'Arjun', 'Neha', 'Karthik', 'Fatima', 'Gurpreet', 'Tanvi'];
const LAST = [
  'Sharma',
  'Iyer',
  'Patel',
  'Reddy',
  'Banerjee',
  'Khan',
  'Singh',
  'Nair',
  'Das',
  'Kulkarni',
  'Verma',
  'Gill',
  'Rao',
];
/** A city and its first PIN code for the states the seed uses (the supplier's own and one other). */
const PLACES: Record<string, [string, number]> = {
  '29': ['Bengaluru', 560001],
  '27': ['Pune', 411001],
  '07': ['New Delhi', 110001],
  '33': ['Chennai', 600001],
  '09': ['Lucknow', 226001],
  '32': ['Kochi', 682001],
};
const place = (code: string): [string, number] => PLACES[code] ?? ['Capital', 100001];
const sqlText = (s: string) => `'${s.replace(/'/g, "''")}'`;
const sqlArray = (values: readonly string[]) => `ARRAY[${values.map(sqlText).join(',')}]`;

/**
 * The invoice documents the seed stamps out: one per plan price and place of supply (the supplier's
 * own state, CGST + SGST; another state, IGST), built by the same code that issues real invoices; the
 * SQL then sets each one's number, date, order and buyer.
 */
function templates(invoicing: InvoicingConfig): { templates: unknown[]; states: [string, string] } {
  const own = invoicing.supplierStateCode;
  const other = own === '27' ? '29' : '27';
  const states: [string, string] = [own, other];
  const list: unknown[] = [];
  for (const offset of PLAN_OFFSETS) {
    for (const stateCode of states) {
      const student = { name: '', mobileNumber: '', email: null, stateCode, gstin: null, addresses: [] };
      const items = [
        {
          description: '',
          catalogueId: null,
          subscriptionId: null,
          addOnId: null,
          quantity: 1,
          unitPrice: paise(planPrice(offset)),
        },
      ];
      const paidAt = new Date('2026-06-01T06:00:00Z');
      const invoice = buildInvoice(
        invoicing,
        { id: '', items, discount: 0, paidAt },
        student as unknown as StudentRow,
        1,
      );
      list.push(invoice);
    }
  }
  return { templates: list, states };
}

/**
 * `n` students ('bench-student-{g}', mobile numbers 6000000001 up) with three orders each over the
 * last 400 days, from the bench catalogues' first plans (at least 20 catalogues); about one order in
 * eleven failed (no invoice, no subscription), every other one paid with its subscription and its GST
 * invoice, numbered after the invoices already issued in its financial year.
 */
export function studentsSql(n: number, catalogues: number, invoicing: InvoicingConfig): string {
  const blocks = Math.floor(catalogues / 20);
  if (blocks < 1) throw new Error('seedLarge: students need at least 20 catalogues');
  const { templates: docs, states } = templates(invoicing);
  const names = GST_STATES;
  return `
    INSERT INTO students (id, name, mobile_number, email, email_verified, state_code, addresses, created_at)
      SELECT 'bench-student-' || g, f.name || ' ' || l.name, (6000000000 + g)::text,
        CASE WHEN g % 13 = 0 THEN NULL ELSE lower(f.name || '.' || l.name || g || '@example.in') END,
        g % 13 <> 0 AND g % 3 <> 0, s.code,
        jsonb_build_array(jsonb_build_object('addressId', 'bench-student-' || g || '-home', 'type', 'HOME',
          'addressLine1', (10 + g % 480) || ', MG Road', 'addressLine2', '', 'landMark', 'Near the post office',
          'city', s.city, 'state', s.state, 'pin', (s.pin + g % 90)::text, 'preferredAddress', true)),
        now() - (430 - g % 20) * interval '1 day'
      FROM generate_series(1, ${n}) g,
        LATERAL (SELECT (${sqlArray(FIRST)})[1 + g % ${FIRST.length}] AS name) f,
        LATERAL (SELECT (${sqlArray(LAST)})[1 + (g / ${FIRST.length}) % ${LAST.length}] AS name) l,
        LATERAL (SELECT (ARRAY[${sqlText(states[0])}, ${sqlText(states[1])}])[1 + g % 2] AS code,
          (ARRAY[${sqlText(names[states[0]] ?? '')}, ${sqlText(names[states[1]] ?? '')}])[1 + g % 2] AS state,
          (ARRAY[${sqlText(place(states[0])[0])}, ${sqlText(place(states[1])[0])}])[1 + g % 2] AS city,
          (ARRAY[${place(states[0])[1]}, ${place(states[1])[1]}])[1 + g % 2] AS pin) s;
    CREATE TEMPORARY TABLE bench_orders ON COMMIT DROP AS
      SELECT 'bench-order-' || g || '-' || k AS id, 'bench-student-' || g AS student_id, g, k,
        (g + k) % 3 AS plan, g % 2 AS place,
        'bench-cat-' || (20 * ((g + k) % ${blocks}) + (ARRAY[${PLAN_OFFSETS.join(',')}])[1 + (g + k) % 3]) AS catalogue_id,
        (ARRAY[${PLAN_OFFSETS.map(planPrice).join(',')}])[1 + (g + k) % 3]::bigint AS price,
        (g + k) % 11 <> 0 AS paid,
        now() - ((g * 13 + k * 37) % 400) * interval '1 day' - (g % 24) * interval '1 hour' AS paid_at
      FROM generate_series(1, ${n}) g, generate_series(0, ${LARGE_ORDERS_PER_STUDENT - 1}) k;
    INSERT INTO orders (id, student_id, items, discount, total, payment_status, payment_method, gateway_reference, paid_at, created_at)
      SELECT o.id, o.student_id,
        jsonb_build_array(jsonb_build_object('description', c.name || ': 6 months', 'catalogueId', o.catalogue_id,
          'subscriptionId', o.catalogue_id || '-sub-0', 'addOnId', NULL, 'quantity', 1, 'unitPrice', o.price)),
        0, o.price, CASE WHEN o.paid THEN 'PAID' ELSE 'FAILED' END,
        (ARRAY['UPI','CARD','NETBANKING','WALLET'])[1 + (o.g + o.k) % 4], 'pay_bench' || o.g || 'x' || o.k,
        CASE WHEN o.paid THEN o.paid_at END, o.paid_at - interval '90 seconds'
      FROM bench_orders o JOIN catalogues c ON c.id = o.catalogue_id;
    INSERT INTO student_subscriptions (id, student_id, catalogue_id, subscription_id, label, start_date, end_date,
        original_end_date, source_order_id, created_at)
      SELECT o.id || '-sub', o.student_id, o.catalogue_id, o.catalogue_id || '-sub-0', '6 months', d.start,
        (d.start + interval '6 months' - interval '1 day')::date, (d.start + interval '6 months' - interval '1 day')::date,
        o.id, o.paid_at
      FROM bench_orders o, LATERAL (SELECT ((o.paid_at AT TIME ZONE 'UTC') + interval '5 hours 30 minutes')::date AS start) d
      WHERE o.paid;
    CREATE TEMPORARY TABLE bench_invoices ON COMMIT DROP AS
      SELECT o.*, y.fy, y.fy_start,
        COALESCE((SELECT s.last FROM invoice_sequences s WHERE s.financial_year = y.fy), 0)
          + row_number() OVER (PARTITION BY y.fy ORDER BY o.paid_at, o.id) AS sequence
      FROM bench_orders o,
        LATERAL (SELECT (o.paid_at AT TIME ZONE 'UTC') + interval '5 hours 30 minutes' AS india) i,
        LATERAL (SELECT extract(year FROM i.india)::int - CASE WHEN extract(month FROM i.india) < 4 THEN 1 ELSE 0 END AS fy_start) f,
        LATERAL (SELECT f.fy_start || '-' || lpad(((f.fy_start + 1) % 100)::text, 2, '0') AS fy, f.fy_start) y
      WHERE o.paid;
    INSERT INTO invoices (id, order_id, invoice_number, financial_year, sequence, invoice_date, total, document)
      SELECT v.id || '-inv', v.id, n.number, v.fy, v.sequence, d.day, v.price,
        (${sqlText(JSON.stringify(docs))}::jsonb -> (v.plan * 2 + v.place)::int) || jsonb_build_object(
          'invoiceId', v.id || '-inv', 'invoiceNumber', n.number, 'invoiceDate', d.day::text, 'financialYear', v.fy,
          'orderId', v.id,
          'buyer', (${sqlText(JSON.stringify(docs))}::jsonb -> (v.plan * 2 + v.place)::int -> 'buyer')
            || jsonb_build_object('name', s.name, 'mobileNumber', s.mobile_number, 'email', s.email,
              'address', concat_ws(', ', s.addresses -> 0 ->> 'addressLine1', s.addresses -> 0 ->> 'landMark',
                s.addresses -> 0 ->> 'city', (s.addresses -> 0 ->> 'state') || ' ' || (s.addresses -> 0 ->> 'pin'))),
          'lines', (SELECT jsonb_agg(line || jsonb_build_object('description', c.name || ': 6 months'))
            FROM jsonb_array_elements(${sqlText(JSON.stringify(docs))}::jsonb -> (v.plan * 2 + v.place)::int -> 'lines') line))
      FROM bench_invoices v
        JOIN students s ON s.id = v.student_id
        JOIN catalogues c ON c.id = v.catalogue_id,
        LATERAL (SELECT ${sqlText(invoicing.invoicePrefix)} || '/' || lpad((v.fy_start % 100)::text, 2, '0')
          || lpad(((v.fy_start + 1) % 100)::text, 2, '0') || '/' || lpad(v.sequence::text, 6, '0') AS number) n,
        LATERAL (SELECT ((v.paid_at AT TIME ZONE 'UTC') + interval '5 hours 30 minutes')::date AS day) d;
    INSERT INTO invoice_sequences (financial_year, last)
      SELECT fy, max(sequence) FROM bench_invoices GROUP BY fy
      ON CONFLICT (financial_year) DO UPDATE SET last = excluded.last;`;
}
