import { screen } from '@testing-library/react';
import {
  computeInvoice,
  paise,
  type Coupon,
  type CouponTestResult,
  OrderSchema,
  type Order,
  type OrderDetail,
  type Student,
  type OrderOffers,
} from '@lectern/contract';
import { mockApi, type MockHandlers, type RouteKey } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

// Fixtures of the order screens' tests: shapes exactly as the contract's schemas give them.

export const ANANYA: Student = {
  studentId: 'st-1',
  name: 'Ananya Sharma',
  mobileNumber: '9876543210',
  email: 'ananya@example.test',
  emailVerified: true,
  emailVerification: null,
  stateCode: '29',
  gstin: null,
  addresses: [],
  createdAt: '2026-01-05T10:00:00.000Z',
};

/** What an order may be placed on (GET /payments/order/offers): one listing, its plan and add-on. */
export const OFFERS: OrderOffers = {
  gstPercent: 18,
  supplierStateCode: '29',
  listings: [
    {
      storeListingId: 'sl-1',
      storeListingName: 'JEE Physics 2027',
      catalogueId: 'c-1',
      catalogueName: 'JEE Physics',
      plans: [
        {
          subscriptionId: 'p-12',
          label: '12 months',
          subscriptionType: 'DURATION',
          numberOfMonths: 12,
          endDate: null,
          price: paise(499900),
        },
      ],
      addOns: [{ addOnId: 'ao-1', name: 'Printed notes', price: paise(120000), delivered: true }],
    },
  ],
};

export function coupon(couponId: string, couponName: string): Coupon {
  return {
    couponId,
    couponName,
    description: '',
    percentage: false,
    amount: 50000,
    expired: false,
    featured: false,
    applicableForEntireCourse: true,
    unlimited: true,
    applicableFrom: '2026-01-01',
    applicableUpto: null,
    applicableForAnyStudent: true,
    studentMobile: null,
    createdBy: 'Vikram Sethi',
    usageLimit: false,
    limit: null,
    storeListingInfoList: [],
    studentCouponMobileList: [],
    students: [],
    subjectInfoList: [],
    status: 'ACTIVE',
    tags: ['ACTIVE'],
    used: 0,
    remaining: null,
    expiredAt: null,
    expiredBy: null,
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    version: 1,
  };
}

/** The tester's answer for the 12-month plan: Rs. 500 off when it applies. */
export function tested(couponName: string, reasons: CouponTestResult['reasons']): CouponTestResult {
  const applies = reasons.length === 0;
  return {
    couponId: `cp-${couponName}`,
    couponName,
    storeListingId: 'sl-1',
    storeListingName: 'JEE Physics 2027',
    student: { studentId: 'st-1', name: 'Ananya Sharma', mobileNumber: '9876543210' },
    applies,
    reasons,
    prices: [
      {
        subscriptionId: 'p-12',
        subscriptionLabel: '12 months',
        priceBefore: paise(499900),
        discount: paise(applies ? 50000 : 0),
        priceAfter: paise(applies ? 449900 : 499900),
        taxableAfter: paise(0),
        gstAfter: paise(0),
      },
    ],
  };
}

/** The order's amounts as the server prices them: GST 18% within Karnataka (CGST + SGST). */
export function amountsOf(lines: number[], discount = 0): OrderDetail['amounts'] {
  const { totals } = computeInvoice({
    lines: lines.map((price, index) => ({ description: `line ${index}`, quantity: 1, unitPrice: paise(price) })),
    discount: paise(discount),
    supplierStateCode: '29',
    placeOfSupplyStateCode: '29',
  });
  return {
    price: totals.gross,
    discount: totals.discount,
    taxableValue: totals.taxableValue,
    cgst: totals.cgst,
    sgst: totals.sgst,
    igst: totals.igst,
    total: totals.total,
  };
}

/** An order as GET /payments/order/{orderId} answers it; PENDING with nothing but its creation by default. */
export function orderDetail(orderId: string, extra: Partial<OrderDetail> = {}): OrderDetail {
  const amounts = extra.amounts ?? amountsOf([499900]);
  return {
    orderId,
    studentId: 'st-1',
    items: [
      {
        description: '12 months (JEE Physics)',
        catalogueId: 'c-1',
        subscriptionId: 'p-12',
        addOnId: null,
        quantity: 1,
        unitPrice: paise(499900),
      },
    ],
    couponCode: null,
    discount: amounts.discount,
    total: amounts.total,
    paymentStatus: 'PENDING',
    paymentMethod: null,
    gatewayReference: null,
    paidAt: null,
    createdAt: '2026-11-20T04:30:00.000Z',
    invoice: null,
    storeListingId: 'sl-1',
    subscriptionId: 'p-12',
    paymentMode: 'OFFLINE',
    expiresAt: '2026-11-20T05:00:00.000Z',
    amounts,
    payments: [],
    creditNotes: [],
    refundable: paise(0),
    timeline: [{ at: '2026-11-20T04:30:00.000Z', kind: 'CREATED', text: 'Order placed by Vikram Sethi.' }],
    gateway: null,
    ...extra,
  };
}

/** The summary the student's order list gives of an order (the schema drops the detail's own fields). */
export function summaryOf(order: OrderDetail): Order {
  return OrderSchema.parse(order);
}

/** The student page of Ananya Sharma, signed in as FINANCE, with her `orders` and the handlers given. */
export async function openStudent<K extends RouteKey = never>(orders: OrderDetail[], handlers: MockHandlers<K> = {}) {
  const api = await mockApi({
    'GET /students/student/info': { body: { data: ANANYA } },
    'GET /students/subscription/studentid/st-1': { body: { data: [] } },
    'GET /payments/student/subscription/studentid/st-1': { body: { data: orders.map(summaryOf) } },
    'GET /delivery/delivery/all/ALL': { body: { data: [] } },
    ...handlers,
  });
  const view = renderApp('/student-management?mobileNumber=9876543210', { roles: ['FINANCE'] });
  await screen.findByRole('heading', { level: 1, name: 'Student Management' }, { timeout: 10_000 });
  await screen.findByText('Ananya Sharma');
  return { ...api, ...view };
}
