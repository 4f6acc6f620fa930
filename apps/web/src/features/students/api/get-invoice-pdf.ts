import { studentsContract } from '@lectern/contract';
import { apiBlob } from '../../../lib/api-client';

/** GET /payments/invoice/orderid/{orderId}?format=pdf: the invoice's PDF bytes, fetched through the signed client. */
export function getInvoicePdf(orderId: string): Promise<Blob> {
  return apiBlob(studentsContract.invoice, { params: { orderId }, query: { format: 'pdf' } });
}
