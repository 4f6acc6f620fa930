import { contract } from '@lectern/contract';
import { apiBlob } from '../../../lib/api-client';

/** GET /payments/invoice/orderid/{orderId}?format=pdf: the invoice's PDF bytes, fetched through the signed client. */
export function getInvoicePdf(orderId: string): Promise<Blob> {
  return apiBlob(contract.students.invoice, { params: { orderId }, query: { format: 'pdf' } });
}
