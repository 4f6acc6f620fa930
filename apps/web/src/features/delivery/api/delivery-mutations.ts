import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  deliveryContract,
  type AddressBody,
  type CancelBody,
  type ProcessPackage,
  type RouteInput,
  type UpdateBody,
} from '@lectern/contract';
import { apiCallWithHeaders } from '../../../lib/api-client';
import { deliveryKeys } from './delivery-keys';

type UpdateInput = RouteInput<typeof deliveryContract.update>['body'];
type CancelInput = RouteInput<typeof deliveryContract.cancel>['body'];
type AddressInput = RouteInput<typeof deliveryContract.addAddress>['body'];

/** After any change: the lists, the tab counts and the package itself read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: deliveryKeys.all });
}

/**
 * PUT /delivery/delivery/process: many packages at once. The answer lists the processed ones and
 * each failure with why; the drawer shows the failures itself, and the server's summary as a snackbar
 * (a warning when some could not go).
 */
export function useProcessPackages() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (packages: ProcessPackage[]) => {
      const result = await apiCallWithHeaders(deliveryContract.process, { body: { packages } });
      return { data: result.data, message: result.message };
    },
    meta: { silentError: true },
    onSettled: refresh,
  });
}

/**
 * POST (a new address) or PUT (the current one corrected) /delivery/delivery/address; the server's
 * 'The address changes have been saved successfully!' shows. The form shows a refusal itself.
 */
export function useSaveAddress() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: AddressBody) => {
      const { addressId, ...rest } = body;
      const input: AddressInput = rest;
      const result = addressId
        ? await apiCallWithHeaders(deliveryContract.changeAddress, { body: { ...input, addressId } })
        : await apiCallWithHeaders(deliveryContract.addAddress, { body: input });
      return { data: result.data, message: result.message };
    },
    meta: { serverMessage: true, silentError: true },
    onSettled: refresh,
  });
}

/** PUT /delivery/delivery/update: the courier's status, or delivered; the server's message shows. */
export function useUpdatePackage() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: UpdateBody) => {
      const input: UpdateInput = body;
      const result = await apiCallWithHeaders(deliveryContract.update, { body: input });
      return { data: result.data, message: result.message };
    },
    meta: { serverMessage: true, silentError: true },
    onSettled: refresh,
  });
}

/** PUT /delivery/delivery/cancel: with a type and a description ('The Order has been cancelled successfully!'). */
export function useCancelPackage() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: CancelBody) => {
      const input: CancelInput = body;
      const result = await apiCallWithHeaders(deliveryContract.cancel, { body: input });
      return { data: result.data, message: result.message };
    },
    meta: { serverMessage: true, silentError: true },
    onSettled: refresh,
  });
}
