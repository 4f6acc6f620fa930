import { rowReason, type BulkRowResult } from '@lectern/contract';
import type { SheetRowRead } from './read-sheet';

/**
 * Why a row is left out, as the preview and the rejected-rows sheet say it: a number the sheet showed
 * in scientific notation ('9.87E+09') lost its digits, which says more than 'not a mobile number'.
 */
export function rowReasonText(result: BulkRowResult, row: SheetRowRead | undefined): string {
  if (result.outcome === 'ERROR' && row?.mobile.lostDigits) {
    const rest = (result.reason ?? '')
      .split(/(?<=\.)\s+/)
      .filter((part) => part && !part.startsWith(`'${row.mobile.value}' is not a mobile number`));
    return [rowReason('mobileLostDigits', { mobileNumber: row.mobile.value }), ...rest].join(' ');
  }
  return result.reason ?? '';
}
