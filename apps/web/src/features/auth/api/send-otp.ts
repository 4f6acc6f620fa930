import { useMutation } from '@tanstack/react-query';
import { authContract, type RouteInput, type RouteOutput } from '@lectern/contract';
import { apiCallWithHeaders } from '../../../lib/api-client';

type SendOtpRoute = typeof authContract.sendOtp;
export type SendOtpBody = RouteInput<SendOtpRoute>['body'];
export type SendOtpResult = RouteOutput<SendOtpRoute> & { message: string | undefined };

/** POST /auth/internal/send/otp: asks for a sign-in code; the server answers the same for unknown numbers. */
export async function sendOtp(body: SendOtpBody): Promise<SendOtpResult> {
  const result = await apiCallWithHeaders(authContract.sendOtp, { body });
  return { ...result.data, message: result.message };
}

export function useSendOtp() {
  return useMutation({ mutationFn: sendOtp });
}
