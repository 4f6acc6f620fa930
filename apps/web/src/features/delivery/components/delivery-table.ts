import { deliveryActionsFor, type DeliveryPackage, type DeliveryStatus } from '@lectern/contract';
import type { TableConfig } from '../../../components/data-table';
import {
  DELIVERY_STATUS_STYLES,
  MODE_LABELS,
  addressText,
  dispatchText,
  itemsText,
  STATUS_TABS,
} from './delivery-display';

export interface DeliveryTableOptions {
  status: DeliveryStatus;
  open: (pkg: DeliveryPackage) => void;
  /** a search or filter is applied: the empty message says so */
  filtered: boolean;
}

/**
 * The packages of one status tab: the package and order, the student, what ships and where, the mode
 * and how it went out, the order's day; each opens its drawer. Pending rows are selected to process
 * them, processed ones to print their labels.
 */
export function deliveryTableConfig({ status, open, filtered }: DeliveryTableOptions): TableConfig<DeliveryPackage> {
  const selectable = status === 'PENDING' || status === 'PROCESSED';
  return {
    title: `${STATUS_TABS.find((tab) => tab.status === status)?.label ?? ''} packages`,
    checkboxKeyMap: 'deliveryPackageId',
    rowOptions: {
      selectable,
      isRowSelectable: (pkg) =>
        status === 'PENDING'
          ? deliveryActionsFor(pkg.deliveryStatus).includes('process')
          : pkg.deliveryStatus === 'PROCESSED',
    },
    emptyMessages: {
      empty: filtered
        ? 'No packages match this search and these filters.'
        : (STATUS_TABS.find((tab) => tab.status === status)?.empty ?? 'No packages.'),
    },
    minWidth: 1100,
    columns: [
      {
        id: 'package',
        title: 'Package',
        dataMapping: 'deliveryPackageId',
        sortable: true,
        extraWidth: 120,
      },
      {
        id: 'student',
        title: 'Student',
        elementType: 'infoText',
        dataMapping: (pkg) => [pkg.studentName, pkg.mobileNumber],
        elementConfig: { info: (pkg) => `Order ${pkg.orderId}`, infoLabel: 'Order' },
        sortable: true,
        sortValue: (pkg) => pkg.studentName.toLowerCase(),
        extraWidth: 170,
      },
      {
        id: 'items',
        title: 'Items',
        elementType: 'infoText',
        dataMapping: (pkg) => [pkg.catalogueName],
        elementConfig: { info: (pkg) => itemsText(pkg).join('; '), infoLabel: 'Items' },
        extraWidth: 170,
      },
      {
        id: 'address',
        title: 'Address',
        dataMapping: (pkg) => (pkg.address ? `${pkg.address.city} ${pkg.address.pin}` : 'No address'),
        elementType: 'infoText',
        elementConfig: { info: (pkg) => addressText(pkg.address), infoLabel: 'Address' },
        extraWidth: 150,
      },
      {
        id: 'mode',
        title: 'Mode',
        dataMapping: (pkg) => MODE_LABELS[pkg.deliveryMode],
        sortable: true,
      },
      ...(status === 'PENDING'
        ? []
        : [{ id: 'dispatch', title: 'Dispatch', dataMapping: dispatchText, extraWidth: 150 } as const]),
      { id: 'ordered', title: 'Ordered', dataMapping: 'orderedAt', elementType: 'date', sortable: true },
      {
        id: 'status',
        title: 'Status',
        elementType: 'tag',
        dataMapping: 'deliveryStatus',
        elementConfig: { styles: DELIVERY_STATUS_STYLES },
      },
      {
        id: 'open',
        title: 'Details',
        hideTitle: true,
        elementType: 'button',
        elementConfig: {
          label: 'Open',
          variant: 'text',
          onClick: open,
          ariaLabel: (pkg) => `Open ${pkg.deliveryPackageId} of ${pkg.studentName}`,
        },
      },
    ],
  };
}
