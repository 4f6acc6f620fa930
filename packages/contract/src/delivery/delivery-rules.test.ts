import { describe, expect, it } from 'vitest';
import { ProcessPackageSchema } from './delivery.schemas';
import {
  DELIVERY_MESSAGES as M,
  deliveryActionsFor,
  deliveryTransition,
  pinProblem,
  trackerLink,
  type DeliveryAction,
} from './delivery-rules';

describe('deliveryTransition', () => {
  it.each<[string, DeliveryAction, string]>([
    ['PENDING', 'process', 'PROCESSED'],
    ['PENDING', 'update', 'PENDING'],
    ['PENDING', 'cancel', 'CANCELLED'],
    ['PENDING', 'changeAddress', 'PENDING'],
    ['PROCESSED', 'deliver', 'DELIVERED'],
    ['PROCESSED', 'update', 'PROCESSED'],
    ['PROCESSED', 'cancel', 'CANCELLED'],
    ['CANCELLED', 'trackReturn', 'CANCELLED'],
  ])('%s -%s-> %s', (from, action, next) => {
    expect(deliveryTransition(from as 'PENDING', action)).toEqual({ ok: true, next });
  });

  it.each<[string, DeliveryAction, string]>([
    ['PENDING', 'deliver', M.notProcessedYet],
    ['PENDING', 'trackReturn', M.noReturn],
    ['PROCESSED', 'process', M.alreadyProcessed],
    ['PROCESSED', 'changeAddress', M.addressAfterProcessing],
    ['PROCESSED', 'trackReturn', M.noReturn],
    ['DELIVERED', 'process', M.alreadyDelivered],
    ['DELIVERED', 'deliver', M.alreadyDelivered],
    ['DELIVERED', 'update', M.deliveredNoChange],
    ['DELIVERED', 'cancel', M.deliveredNoCancel],
    ['DELIVERED', 'changeAddress', M.deliveredNoChange],
    ['CANCELLED', 'process', M.cancelledNoProcess],
    ['CANCELLED', 'deliver', M.cancelledNoChange],
    ['CANCELLED', 'update', M.cancelledNoChange],
    ['CANCELLED', 'cancel', M.alreadyCancelled],
    ['CANCELLED', 'changeAddress', M.cancelledNoChange],
  ])('%s refuses %s: %s', (from, action, reason) => {
    expect(deliveryTransition(from as 'PENDING', action)).toEqual({ ok: false, reason });
  });

  it.each([
    ['PENDING', ['process', 'update', 'cancel', 'changeAddress']],
    ['PROCESSED', ['update', 'deliver', 'cancel']],
    ['DELIVERED', []],
    ['CANCELLED', ['trackReturn']],
  ])('%s offers %j', (status, actions) => {
    expect(deliveryActionsFor(status as 'PENDING')).toEqual(actions);
  });
});

describe('pinProblem', () => {
  it.each(['560034', '110001', '855126', '999999'])('%s is a PIN', (pin) => {
    expect(pinProblem(pin)).toBeNull();
  });
  it.each(['056003', '56003', '5600345', '56O034', '', ' 560034', '560 034', '５６００３４'])('%j is not', (pin) => {
    expect(pinProblem(pin)).toBe(`The PIN ${pin} is not valid: a PIN is 6 digits and does not start with 0.`);
  });
});

describe('trackerLink', () => {
  it.each([
    [
      'https://www.dtdc.in/trace.asp?strCnno={trackingId}',
      'D12345678',
      'https://www.dtdc.in/trace.asp?strCnno=D12345678',
    ],
    ['https://x.example/{trackingId}/{trackingId}', 'AB-12', 'https://x.example/AB-12/AB-12'],
    ['https://x.example/t?id={trackingId}', 'A&B=1', 'https://x.example/t?id=A%26B%3D1'],
    ['https://x.example/static', 'Z99', 'https://x.example/static'],
  ])('%s with %s', (template, id, link) => {
    expect(trackerLink(template, id)).toBe(link);
  });
});

describe('ProcessPackageSchema', () => {
  it('takes recipientContactNo as recipientPhoneNumber', () => {
    const parsed = ProcessPackageSchema.parse({
      deliveryPackageId: 'p1',
      deliveryMode: 'IN_PERSON',
      inPersonPickup: { recipientName: 'Ravi Kumar', recipientContactNo: '9876501234' },
    });
    expect(parsed.inPersonPickup).toEqual({
      recipientType: 'REGISTERED_STUDENT',
      recipientName: 'Ravi Kumar',
      recipientPhoneNumber: '9876501234',
      notes: '',
    });
    const both = ProcessPackageSchema.safeParse({
      deliveryPackageId: 'p1',
      inPersonPickup: { recipientPhoneNumber: '9876501234', recipientContactNo: '9876501235' },
    });
    expect(both.success).toBe(false);
  });

  it('defaults to a DTDC courier and upper-cases the tracking id', () => {
    const parsed = ProcessPackageSchema.parse({ deliveryPackageId: 'p1', courier: { trackingId: ' d1234567 ' } });
    expect(parsed).toMatchObject({
      deliveryMode: 'COURIER',
      courier: { serviceProvider: 'DTDC', trackingId: 'D1234567' },
    });
    expect(ProcessPackageSchema.safeParse({ deliveryPackageId: 'p1', courier: { trackingId: 'D1 23' } }).success).toBe(
      false,
    );
  });
});
