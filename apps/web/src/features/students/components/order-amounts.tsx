import Box from '@mui/material/Box';
import { formatMoney, type Money } from '@lectern/contract';

/** The figures of an order or a credit note, in paise. */
export interface AmountFigures {
  price?: Money;
  discount?: Money;
  taxableValue: Money;
  cgst: Money;
  sgst: Money;
  igst: Money;
  total: Money;
}

/**
 * Price, discount, taxable value, CGST + SGST (within the supplier's state) or IGST, and total, as a
 * two-column list with the figures at the right. A tax that does not apply is left out.
 */
export function OrderAmounts({
  amounts,
  label,
  totalLabel = 'Total',
}: {
  amounts: AmountFigures;
  label: string;
  totalLabel?: string;
}) {
  const interState = amounts.igst > 0;
  const rows: { label: string; value: string; strong?: boolean }[] = [
    ...(amounts.price !== undefined ? [{ label: 'Price (GST included)', value: formatMoney(amounts.price) }] : []),
    ...(amounts.discount !== undefined && amounts.discount > 0
      ? [{ label: 'Discount', value: `− ${formatMoney(amounts.discount)}` }]
      : []),
    { label: 'Taxable value', value: formatMoney(amounts.taxableValue) },
    ...(interState
      ? [{ label: 'IGST', value: formatMoney(amounts.igst) }]
      : [
          { label: 'CGST', value: formatMoney(amounts.cgst) },
          { label: 'SGST', value: formatMoney(amounts.sgst) },
        ]),
    { label: totalLabel, value: formatMoney(amounts.total), strong: true },
  ];
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) max-content', columnGap: 2, rowGap: 0.5 }}
    >
      {rows.map((row) => (
        <Box key={row.label} sx={{ display: 'contents', fontWeight: row.strong ? 700 : undefined }}>
          <Box component="dt" sx={{ color: row.strong ? 'text.primary' : 'text.secondary' }}>
            {row.label}
          </Box>
          <Box component="dd" sx={{ m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
            {row.value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
