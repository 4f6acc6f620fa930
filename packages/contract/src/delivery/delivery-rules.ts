import { fillMessage } from '../errors';

// The rules of a delivery package as pure functions (DESIGN §9 "State machines"): the server applies
// them to the locked row, the screen uses them to enable its actions, and the tests walk them as tables.

/** PENDING -process-> PROCESSED -deliver-> DELIVERED; PENDING or PROCESSED -cancel-> CANCELLED. */
export const DELIVERY_STATUSES = ['PENDING', 'PROCESSED', 'DELIVERED', 'CANCELLED'] as const;
type Status = (typeof DELIVERY_STATUSES)[number];

/**
 * What staff do to a package: `process` (dispatch it), `update` (its order data or its courier's status),
 * `deliver`, `cancel`, `changeAddress`, and `trackReturn` (the status of a cancelled package coming back).
 */
export const DELIVERY_ACTIONS = ['process', 'update', 'deliver', 'cancel', 'changeAddress', 'trackReturn'] as const;
export type DeliveryAction = (typeof DELIVERY_ACTIONS)[number];

/** Six digits, not starting with 0 (India Post's PIN codes run 110001 to 855126). */
export const PIN_PATTERN = /^[1-9][0-9]{5}$/;
/** What couriers print on their consignment notes: letters, digits and hyphens. */
export const TRACKING_ID_PATTERN = /^[A-Z0-9][A-Z0-9-]{4,28}[A-Z0-9]$/;

/** Messages of delivery (Lectern's own: spec 2 §8 leaves delivery failures open). Fill with fillMessage. */
export const DELIVERY_MESSAGES = {
  processed: '[count|package] processed.',
  processedWithFailures: '[count|package] processed; [failed] could not be: see why for each.',
  noneProcessed: 'No package was processed: see why for each.',
  updated: 'Package [packageId] was updated.',
  delivered: 'Package [packageId] is marked delivered.',
  notFound: 'Package [packageId] does not exist.',
  missing: 'it does not exist.',
  trackingIdRace:
    'A tracking id of this selection was just given to another package: nothing was processed. Try again.',
  alreadyProcessed: 'it is already processed.',
  alreadyDelivered: 'it is already delivered.',
  alreadyCancelled: 'it is already cancelled.',
  cancelledNoProcess: 'it is cancelled and cannot be processed.',
  cancelledNoChange: 'it is cancelled and cannot be changed.',
  deliveredNoChange: 'it is delivered and cannot be changed.',
  deliveredNoCancel: 'it is delivered and cannot be cancelled.',
  notProcessedYet: 'it has not been processed yet.',
  addressAfterProcessing: 'its address cannot change once it is processed.',
  noReturn: 'only a cancelled courier package coming back has a return to track.',
  refused: 'Package [packageId] cannot be changed: [reason]',
  stale: 'it was changed by someone else since you opened it. Reload to see the change.',
  courierNeeded: 'a courier package needs its courier and tracking id.',
  inHandNeeded: 'an in-hand delivery needs the place where it is handed over.',
  pickupNeeded: 'a pickup needs the recipient (the student, or the name and phone of who collects it).',
  detailsOfOtherMode: 'it goes by [mode]: give only the details of that mode.',
  unknownCourier: "no tracking address is configured for the courier '[serviceProvider]' (known: [known]).",
  trackingIdTaken: 'tracking id [trackingId] is already used by package [otherPackageId].',
  trackingIdTwice: 'tracking id [trackingId] is given to more than one package in this selection.',
  packageTwice: 'it appears more than once in this selection.',
  noAddress: 'it has no delivery address: add one first.',
  pinInvalid: 'The PIN [pin] is not valid: a PIN is 6 digits and does not start with 0.',
  addressNotCurrent:
    'Address [addressId] is not the current address of package [packageId]: reload and edit the current one.',
  noActiveTracker: 'Package [packageId] has no courier consignment to update.',
  deliveredInFuture: 'The delivery time cannot be in the future.',
  deliveredBeforeProcessed: 'Package [packageId] cannot be delivered before it was processed.',
  labelsNotProcessed: 'Labels are printed for processed packages only; not processed: [packageIds].',
  labelsUnknown: 'These packages do not exist: [packageIds].',
} as const;

export type TransitionResult = { ok: true; next: Status } | { ok: false; reason: string };

const refuse = (reason: string): TransitionResult => ({ ok: false, reason });
const to = (next: Status): TransitionResult => ({ ok: true, next });
const M = DELIVERY_MESSAGES;

/** The state after `action` on a package in `status`, or why it is refused (a clause to follow 'Package X cannot be changed: '). */
export function deliveryTransition(status: Status, action: DeliveryAction): TransitionResult {
  switch (action) {
    case 'process':
      if (status === 'PENDING') return to('PROCESSED');
      return refuse(
        status === 'PROCESSED'
          ? M.alreadyProcessed
          : status === 'DELIVERED'
            ? M.alreadyDelivered
            : M.cancelledNoProcess,
      );
    case 'deliver':
      if (status === 'PROCESSED') return to('DELIVERED');
      return refuse(
        status === 'PENDING' ? M.notProcessedYet : status === 'DELIVERED' ? M.alreadyDelivered : M.cancelledNoChange,
      );
    case 'update':
      if (status === 'PENDING' || status === 'PROCESSED') return to(status);
      return refuse(status === 'DELIVERED' ? M.deliveredNoChange : M.cancelledNoChange);
    case 'cancel':
      if (status === 'PENDING' || status === 'PROCESSED') return to('CANCELLED');
      return refuse(status === 'DELIVERED' ? M.deliveredNoCancel : M.alreadyCancelled);
    case 'changeAddress':
      if (status === 'PENDING') return to('PENDING');
      return refuse(
        status === 'PROCESSED'
          ? M.addressAfterProcessing
          : status === 'DELIVERED'
            ? M.deliveredNoChange
            : M.cancelledNoChange,
      );
    case 'trackReturn':
      return status === 'CANCELLED' ? to('CANCELLED') : refuse(M.noReturn);
  }
}

/** The actions open to a package in `status` (the screen enables these). */
export function deliveryActionsFor(status: Status): DeliveryAction[] {
  return DELIVERY_ACTIONS.filter((action) => deliveryTransition(status, action).ok);
}

/** Why `pin` is not a PIN (null when it is one). */
export function pinProblem(pin: string): string | null {
  return PIN_PATTERN.test(pin) ? null : fillMessage(M.pinInvalid, { pin });
}

/** The courier's tracking page for a consignment: `{trackingId}` in the template, URL-encoded. */
export function trackerLink(template: string, trackingId: string): string {
  return template.replaceAll('{trackingId}', encodeURIComponent(trackingId));
}

/** An address on one line: 'Flat 302, Sai Residency, HSR Layout, Near BDA Complex, Bengaluru, Karnataka 560102'. */
export function deliveryAddressLine(address: {
  addressLine1: string;
  addressLine2: string;
  landMark: string;
  city: string;
  state: string;
  pin: string;
}): string {
  const lines = [address.addressLine1, address.addressLine2, address.landMark, address.city].filter(Boolean);
  return `${lines.join(', ')}, ${address.state} ${address.pin}`;
}
