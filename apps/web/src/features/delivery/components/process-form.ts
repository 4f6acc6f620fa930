// The process drawer's form: what is typed, its empty state, and the calls' bodies with the contract's problems.
import {
  CONSTANTS,
  ProcessPackageSchema,
  type RECIPIENT_TYPES,
  type DeliveryMode,
  type DeliveryPackage,
  type ProcessPackage,
} from '@lectern/contract';

export type Courier = { serviceProvider: string; trackingId: string };
type RecipientType = (typeof RECIPIENT_TYPES)[number];

export interface ProcessForm {
  mode: DeliveryMode;
  couriers: Record<string, Courier>;
  location: string;
  handNotes: string;
  recipientType: RecipientType;
  recipientName: string;
  recipientPhoneNumber: string;
  pickupNotes: string;
}

/** Nothing typed yet: the default mode and recipient, and the default courier for each package. */
export function emptyProcessForm(packages: readonly DeliveryPackage[]): ProcessForm {
  return {
    mode: CONSTANTS.defaults.deliveryMode,
    couriers: Object.fromEntries(
      packages.map((pkg) => [pkg.deliveryPackageId, { serviceProvider: CONSTANTS.defaults.courier, trackingId: '' }]),
    ),
    location: '',
    handNotes: '',
    recipientType: CONSTANTS.defaults.recipientType,
    recipientName: '',
    recipientPhoneNumber: '',
    pickupNotes: '',
  };
}

/** The calls' bodies for `packages` as typed, and the first problem of each field the contract finds. */
export function processBodies(
  packages: readonly DeliveryPackage[],
  form: ProcessForm,
): { bodies: ProcessPackage[]; issues: Record<string, string> } {
  const bodies: ProcessPackage[] = [];
  const issues: Record<string, string> = {};
  for (const pkg of packages) {
    const id = pkg.deliveryPackageId;
    const courier = form.couriers[id] ?? { serviceProvider: CONSTANTS.defaults.courier, trackingId: '' };
    const input = {
      deliveryPackageId: id,
      version: pkg.version,
      deliveryMode: form.mode,
      ...(form.mode === 'COURIER' ? { courier: { ...courier, notes: '' } } : {}),
      ...(form.mode === 'IN_HAND'
        ? { inHandDeliveryDetails: { handDeliveryLocation: form.location, handDeliveryNotes: form.handNotes } }
        : {}),
      ...(form.mode === 'IN_PERSON'
        ? {
            inPersonPickup: {
              recipientType: form.recipientType,
              recipientName: form.recipientName,
              ...(form.recipientPhoneNumber.trim() ? { recipientPhoneNumber: form.recipientPhoneNumber } : {}),
              notes: form.pickupNotes,
            },
          }
        : {}),
    };
    const parsed = ProcessPackageSchema.safeParse(input);
    if (parsed.success) {
      bodies.push(parsed.data);
      continue;
    }
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      const key = path.startsWith('courier.') ? `${id}.${path.slice('courier.'.length)}` : path.split('.').at(-1)!;
      issues[key] ??= issue.message;
    }
  }
  if (form.mode === 'IN_PERSON' && form.recipientType !== 'REGISTERED_STUDENT') {
    if (!form.recipientName.trim()) issues.recipientName ??= 'say who collects it';
    if (!form.recipientPhoneNumber.trim()) issues.recipientPhoneNumber ??= 'give their phone number';
  }
  return { bodies, issues };
}
