-- migrate:up
-- GST return (DESIGN §10). An order may carry a registered buyer's GSTIN and legal name (a B2B
-- invoice); without one the invoice takes the student's own GSTIN, if any, as before.
ALTER TABLE orders
  ADD COLUMN buyer_gstin text,
  ADD COLUMN buyer_legal_name text;

-- An issued invoice's CGST and SGST (or UTGST) are equal halves and its figures add up to its total,
-- as credit notes' do (0021): an e-invoice validator refuses anything else.
ALTER TABLE invoices
  ADD CONSTRAINT invoices_adds_up CHECK (
    (document -> 'totals' ->> 'cgst') IS NOT DISTINCT FROM (document -> 'totals' ->> 'sgst')
    AND (document -> 'totals' IS NULL
         OR (document -> 'totals' ->> 'taxableValue')::bigint + (document -> 'totals' ->> 'cgst')::bigint
            + (document -> 'totals' ->> 'sgst')::bigint + (document -> 'totals' ->> 'igst')::bigint = total)
  );
-- the month's return reads invoices and credit notes by their India day
CREATE INDEX invoices_date_idx ON invoices (invoice_date);
CREATE INDEX credit_notes_date_idx ON credit_notes (credit_note_date);

-- migrate:down
DROP INDEX credit_notes_date_idx;
DROP INDEX invoices_date_idx;
ALTER TABLE invoices DROP CONSTRAINT invoices_adds_up;
ALTER TABLE orders
  DROP COLUMN buyer_legal_name,
  DROP COLUMN buyer_gstin;
