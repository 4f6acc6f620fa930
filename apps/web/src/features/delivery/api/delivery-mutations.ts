import {
  deliveryContract,
  type AddressBody,
  type CancelBody,
  type ProcessPackage,
  type UpdateBody,
} from '@lectern/contract';
import { useRouteMutation } from '../../../lib/controllers/use-route-mutation';
import { deliveryKeys } from './delivery-keys';

/** After any change, a refusal included: the lists, the tab counts and the package itself read again. */
const refreshAll = [deliveryKeys.all];

/**
 * PUT /delivery/delivery/process: many packages at once. The answer lists the processed ones and
 * each failure with why; the drawer shows the failures itself, and the server's summary as a snackbar
 * (a warning when some could not go).
 */
export function useProcessPackages() {
  return useRouteMutation(deliveryContract.process, {
    toInput: (packages: ProcessPackage[]) => ({ body: { packages } }),
    meta: { silentError: true },
    invalidate: refreshAll,
  });
}

/**
 * POST (a new address) or PUT (the current one corrected) /delivery/delivery/address; the server's
 * 'The address changes have been saved successfully!' shows. The form shows a refusal itself.
 */
export function useSaveAddress() {
  return useRouteMutation(
    (body: AddressBody) => (body.addressId ? deliveryContract.changeAddress : deliveryContract.addAddress),
    {
      toInput: ({ addressId, ...body }: AddressBody) => ({ body: addressId ? { ...body, addressId } : body }),
      meta: { serverMessage: true, silentError: true },
      invalidate: refreshAll,
    },
  );
}

/** PUT /delivery/delivery/update: the courier's status, or delivered; the server's message shows. */
export function useUpdatePackage() {
  return useRouteMutation(deliveryContract.update, {
    toInput: (body: UpdateBody) => ({ body }),
    meta: { serverMessage: true, silentError: true },
    invalidate: refreshAll,
  });
}

/** PUT /delivery/delivery/cancel: with a type and a description ('The Order has been cancelled successfully!'). */
export function useCancelPackage() {
  return useRouteMutation(deliveryContract.cancel, {
    toInput: (body: CancelBody) => ({ body }),
    meta: { serverMessage: true, silentError: true },
    invalidate: refreshAll,
  });
}
