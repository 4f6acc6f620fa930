import type { Coupon } from '@lectern/contract';
import type { TableConfig } from '../../../components/data-table';
import {
  COUPON_TAG_STYLES,
  appliesToText,
  discountText,
  studentsText,
  usesText,
  validityLines,
} from './coupon-display';

export interface CouponsTableActions {
  /** open the drawer: to edit, or to read an expired coupon */
  open: (coupon: Coupon) => void;
  test: (coupon: Coupon) => void;
  history: (coupon: Coupon) => void;
  expire: (coupon: Coupon) => void;
  /** a filter is applied: the empty message says so */
  filtered: boolean;
}

const expired = (coupon: Coupon) => coupon.status === 'EXPIRED';

/**
 * The coupon list (spec 2 §2 /coupons): the name (it opens the coupon), the status tags (active,
 * scheduled or expired; featured) beside it so they show without scrolling, the discount, the days it
 * runs, its uses, what and whom it is for, and the actions (test, history, expire).
 */
export function couponsTableConfig({
  open,
  test,
  history,
  expire,
  filtered,
}: CouponsTableActions): TableConfig<Coupon> {
  return {
    title: 'Coupons',
    checkboxKeyMap: 'couponId',
    searchTextMap: ['couponName', 'description'],
    emptyMessages: {
      empty: filtered ? 'No coupons match these filters.' : 'No coupons yet.',
      emptySearch: 'No coupons match your search.',
    },
    minWidth: 1060,
    columns: [
      {
        // the name opens the coupon: to edit, or to read an expired one
        id: 'name',
        title: 'Coupon',
        elementType: 'button',
        dataMapping: 'couponName',
        elementConfig: {
          variant: 'text',
          onClick: open,
          ariaLabel: (coupon) => `${expired(coupon) ? 'View' : 'Edit'} ${coupon.couponName}`,
        },
        sortable: true,
        sortValue: (coupon) => coupon.couponName.toLowerCase(),
      },
      {
        id: 'status',
        title: 'Status',
        elementType: 'tag',
        dataMapping: 'status',
        elementConfig: { styles: COUPON_TAG_STYLES },
        sortable: true,
      },
      {
        id: 'featured',
        title: 'Featured',
        elementType: 'tag',
        dataMapping: (coupon) => (coupon.tags.includes('FEATURED') ? 'FEATURED' : null),
        elementConfig: { styles: COUPON_TAG_STYLES },
        sortable: true,
        sortValue: (coupon) => coupon.tags.includes('FEATURED'),
      },
      {
        id: 'discount',
        title: 'Discount',
        dataMapping: discountText,
        sortable: true,
        sortValue: (coupon) => (coupon.percentage ? 0 : 1) * 1e12 + coupon.amount,
      },
      {
        id: 'valid',
        title: 'Valid',
        elementType: 'infoText',
        dataMapping: validityLines,
        elementConfig: { info: '' },
        sortable: true,
        sortValue: (coupon) => coupon.applicableFrom,
      },
      { id: 'uses', title: 'Used', dataMapping: usesText, sortable: true, sortValue: (coupon) => coupon.used },
      {
        id: 'appliesTo',
        title: 'Applies to',
        elementType: 'chips',
        dataMapping: appliesToText,
        elementConfig: { max: 1 },
        extraWidth: 170,
      },
      { id: 'students', title: 'Students', dataMapping: studentsText, extraWidth: 120 },
      {
        id: 'test',
        title: 'Test',
        hideTitle: true,
        elementType: 'button',
        elementConfig: { label: 'Test', variant: 'text', onClick: test, ariaLabel: (c) => `Test ${c.couponName}` },
      },
      {
        id: 'history',
        title: 'History',
        hideTitle: true,
        elementType: 'button',
        elementConfig: {
          label: 'History',
          variant: 'text',
          onClick: history,
          ariaLabel: (coupon) => `History of ${coupon.couponName}`,
        },
      },
      {
        id: 'expire',
        title: 'Expire',
        hideTitle: true,
        elementType: 'button',
        disabled: expired,
        elementConfig: {
          label: 'Expire',
          variant: 'text',
          onClick: expire,
          ariaLabel: (coupon) => `Expire ${coupon.couponName}`,
        },
      },
    ],
  };
}
