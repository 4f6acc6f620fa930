-- migrate:up
-- Refunds (DESIGN §10): a credit note is a refund against the order's invoice, numbered in its own
-- gap-free series per financial year, carrying its GST figures and how the money went back (through
-- the gateway, or as staff paid it back). `request_id` makes a repeated refund request a no-op.
CREATE TABLE credit_note_sequences (
  financial_year text PRIMARY KEY,
  last integer NOT NULL
);

ALTER TABLE credit_notes
  ADD COLUMN order_id text REFERENCES orders (id) ON DELETE RESTRICT,
  ADD COLUMN financial_year text,
  ADD COLUMN sequence integer,
  ADD COLUMN credit_note_date date,
  ADD COLUMN taxable_value bigint NOT NULL DEFAULT 0,
  ADD COLUMN cgst bigint NOT NULL DEFAULT 0,
  ADD COLUMN sgst bigint NOT NULL DEFAULT 0,
  ADD COLUMN igst bigint NOT NULL DEFAULT 0,
  ADD COLUMN refund_mode text NOT NULL DEFAULT 'ONLINE',
  ADD COLUMN reference text,
  ADD COLUMN refund_status text NOT NULL DEFAULT 'PROCESSED',
  ADD COLUMN failure_reason text,
  ADD COLUMN request_id text UNIQUE,
  ADD COLUMN created_by_name text NOT NULL DEFAULT 'Lectern';

-- credit notes issued before: their order, date and GST figures from the invoice they credit (the
-- invoice's share of tax; CGST and SGST equal halves, the taxable value taking an odd paisa)
WITH figures AS (
  SELECT c.id, i.order_id, i.financial_year, s.inter,
         CASE WHEN s.inter THEN s.raw ELSE s.raw - s.raw % 2 END AS tax
    FROM credit_notes c
    JOIN invoices i ON i.id = c.invoice_id
   CROSS JOIN LATERAL (
     SELECT coalesce((i.document -> 'totals' ->> 'igst')::bigint, 0) > 0 AS inter,
            coalesce(round(c.amount * coalesce((i.document -> 'totals' ->> 'totalTax')::numeric, 0)
                           / nullif(i.total, 0))::bigint, 0) AS raw
   ) AS s
)
UPDATE credit_notes c
   SET order_id = f.order_id,
       financial_year = f.financial_year,
       credit_note_date = (c.created_at AT TIME ZONE 'Asia/Kolkata')::date,
       taxable_value = c.amount - f.tax,
       cgst = CASE WHEN f.inter THEN 0 ELSE f.tax / 2 END,
       sgst = CASE WHEN f.inter THEN 0 ELSE f.tax / 2 END,
       igst = CASE WHEN f.inter THEN f.tax ELSE 0 END
  FROM figures f
 WHERE f.id = c.id;

-- the series so far: each year's credit notes take the next sequence after the last one issued
WITH numbered AS (
  SELECT id, financial_year, row_number() OVER (PARTITION BY financial_year ORDER BY created_at, id) AS n
    FROM credit_notes WHERE financial_year IS NOT NULL
)
UPDATE credit_notes c SET sequence = numbered.n FROM numbered WHERE numbered.id = c.id;
INSERT INTO credit_note_sequences (financial_year, last)
SELECT financial_year, max(sequence) FROM credit_notes WHERE financial_year IS NOT NULL GROUP BY financial_year;

ALTER TABLE credit_notes
  ALTER COLUMN order_id SET NOT NULL,
  ALTER COLUMN financial_year SET NOT NULL,
  ALTER COLUMN sequence SET NOT NULL,
  ALTER COLUMN credit_note_date SET NOT NULL,
  ADD CONSTRAINT credit_notes_series_key UNIQUE (financial_year, sequence),
  ADD CONSTRAINT credit_notes_adds_up CHECK (taxable_value + cgst + sgst + igst = amount AND cgst = sgst);
CREATE INDEX credit_notes_order_idx ON credit_notes (order_id);

-- the paid order's receipt e-mail (with the invoice PDF), sent once by the job queued with the payment
ALTER TABLE orders ADD COLUMN receipt_sent_at timestamptz;

-- files a message carried, as the development outbox shows them: [{ fileName, contentType, size }]
ALTER TABLE mail_outbox ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]';

-- migrate:down
ALTER TABLE mail_outbox DROP COLUMN attachments;
ALTER TABLE orders DROP COLUMN receipt_sent_at;
DROP INDEX credit_notes_order_idx;
ALTER TABLE credit_notes
  DROP CONSTRAINT credit_notes_adds_up,
  DROP CONSTRAINT credit_notes_series_key,
  DROP COLUMN order_id,
  DROP COLUMN financial_year,
  DROP COLUMN sequence,
  DROP COLUMN credit_note_date,
  DROP COLUMN taxable_value,
  DROP COLUMN cgst,
  DROP COLUMN sgst,
  DROP COLUMN igst,
  DROP COLUMN refund_mode,
  DROP COLUMN reference,
  DROP COLUMN refund_status,
  DROP COLUMN failure_reason,
  DROP COLUMN request_id,
  DROP COLUMN created_by_name;
DROP TABLE credit_note_sequences;
