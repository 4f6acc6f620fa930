import { z } from 'zod';
import { route } from '../route';
import {
  AddAddressBodySchema,
  CancelBodySchema,
  CatalogueDeliverySchema,
  ChangeAddressBodySchema,
  DeliveryListQuerySchema,
  DeliveryPackageDetailSchema,
  DeliveryPackageSchema,
  DeliveryStatusParamSchema,
  LabelsQuerySchema,
  PackageIdParamSchema,
  ProcessBodySchema,
  ProcessResultSchema,
  UpdateBodySchema,
} from './delivery.schemas';

// Spec 2 §7 "Delivery" at DESIGN §9's paths, plus the labels PDF and the courier's CSV (ours, beside
// them): SUPER_ADMIN and FINANCE (the commerce area, DESIGN §5 'delivery management').
export const deliveryContract = {
  list: route({
    method: 'GET',
    path: '/delivery/delivery/all/{status}',
    summary: 'Delivery packages in a status (ALL: every status), oldest order first; search and filters narrow it',
    access: { kind: 'session', area: 'commerce' },
    params: DeliveryStatusParamSchema,
    query: DeliveryListQuerySchema,
    response: z.array(DeliveryPackageSchema),
  }),
  byId: route({
    method: 'GET',
    path: '/delivery/delivery/id/{packageId}',
    summary: 'One delivery package with its address history and consignments',
    access: { kind: 'session', area: 'commerce' },
    params: PackageIdParamSchema,
    response: DeliveryPackageDetailSchema,
  }),
  addAddress: route({
    method: 'POST',
    path: '/delivery/delivery/address',
    summary:
      "Add an address to a pending package; it becomes the current one ('The address changes have been saved successfully!')",
    access: { kind: 'session', area: 'commerce' },
    body: AddAddressBodySchema,
    response: DeliveryPackageDetailSchema,
  }),
  changeAddress: route({
    method: 'PUT',
    path: '/delivery/delivery/address',
    summary: 'Correct the current address of a pending package; the address as it was stays in the history',
    access: { kind: 'session', area: 'commerce' },
    body: ChangeAddressBodySchema,
    response: DeliveryPackageDetailSchema,
  }),
  process: route({
    method: 'PUT',
    path: '/delivery/delivery/process',
    summary:
      'Process many pending packages at once (courier with tracking id, in hand, or pickup), in one transaction; the ones that cannot go are listed with why and nothing of them is written',
    access: { kind: 'session', area: 'commerce' },
    body: ProcessBodySchema,
    response: ProcessResultSchema,
  }),
  update: route({
    method: 'PUT',
    path: '/delivery/delivery/update',
    summary: "Update a package: its order data, its courier's status, or mark it delivered",
    access: { kind: 'session', area: 'commerce' },
    body: UpdateBodySchema,
    response: DeliveryPackageDetailSchema,
  }),
  cancel: route({
    method: 'PUT',
    path: '/delivery/delivery/cancel',
    summary:
      "Cancel a pending or processed package with a type and description ('The Order has been cancelled successfully!'); a processed courier package's return is recorded",
    access: { kind: 'session', area: 'commerce' },
    body: CancelBodySchema,
    response: DeliveryPackageDetailSchema,
  }),
  catalogues: route({
    method: 'GET',
    path: '/delivery/delivery/catalogues',
    summary: 'Every catalogue that ships material, with its packages counted per status',
    access: { kind: 'session', area: 'commerce' },
    response: z.array(CatalogueDeliverySchema),
  }),
  labels: route({
    method: 'GET',
    path: '/delivery/delivery/labels',
    summary:
      'One PDF for a selection of processed packages: a shipping label (tracking id as a Code 128 barcode) and a packing slip for each',
    access: { kind: 'session', area: 'commerce' },
    query: LabelsQuerySchema,
    response: z.object({ packageIds: z.array(z.string()), pages: z.number().int() }),
  }),
  exportCsv: route({
    method: 'GET',
    path: '/delivery/delivery/export/{status}',
    summary: "The list (same status, search and filters) as CSV for the courier's bulk booking",
    access: { kind: 'session', area: 'commerce' },
    params: DeliveryStatusParamSchema,
    query: DeliveryListQuerySchema,
    response: z.object({ rows: z.number().int() }),
  }),
};
