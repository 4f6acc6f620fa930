import { useMutation } from '@tanstack/react-query';
import { MESSAGES, authContract, encryptOtp, type LoggedInUser } from '@lectern/contract';
import { apiCallWithHeaders, getConfig } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { setSession } from '../../../lib/session';

/**
 * POST /auth/login: the code travels RSA-OAEP encrypted with the server's public key; the session
 * token comes back in the `authorization` response header and is stored with the user.
 */
export async function login(input: { mobileNumber: string; code: string }): Promise<LoggedInUser> {
  const config = await getConfig();
  const otp = await encryptOtp(config.publicKey, input.code);
  const result = await apiCallWithHeaders(authContract.login, { body: { mobileNumber: input.mobileNumber, otp } });
  const token = result.headers.get('authorization');
  if (!token) throw new ApiError({ message: MESSAGES.generic, status: 200 });
  setSession(token, result.data.user);
  return result.data.user;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
