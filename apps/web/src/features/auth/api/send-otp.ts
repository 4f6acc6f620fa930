import { authContract, type RouteInput } from '@lectern/contract';
import { useRouteMutation } from '../../../lib/controllers/use-route-mutation';

type SendOtpBody = RouteInput<typeof authContract.sendOtp>['body'];

/** POST /auth/internal/send/otp: asks for a sign-in code; the server answers the same for unknown numbers. */
export function useSendOtp() {
  return useRouteMutation(authContract.sendOtp, { toInput: (body: SendOtpBody) => ({ body }) });
}
