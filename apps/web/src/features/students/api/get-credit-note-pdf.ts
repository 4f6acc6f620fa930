import { paymentsContract } from '@lectern/contract';
import { apiBlob } from '../../../lib/api-client';

/** GET /payments/order/{orderId}/credit-note/{creditNoteId}?format=pdf: the credit note's PDF bytes, through the signed client. */
export function getCreditNotePdf(orderId: string, creditNoteId: string): Promise<Blob> {
  return apiBlob(paymentsContract.creditNote, { params: { orderId, creditNoteId }, query: { format: 'pdf' } });
}
