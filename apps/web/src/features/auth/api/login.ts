import { MESSAGES, authContract, encryptOtp } from '@lectern/contract';
import { getConfig } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { useRouteMutation } from '../../../lib/controllers/use-route-mutation';
import { setSession } from '../../../lib/session';

/**
 * POST /auth/login: the code travels RSA-OAEP encrypted with the server's public key; the session
 * token comes back in the `authorization` response header and is stored with the user.
 */
export function useLogin() {
  return useRouteMutation(authContract.login, {
    toInput: async ({ mobileNumber, code }: { mobileNumber: string; code: string }) => {
      const config = await getConfig();
      return { body: { mobileNumber, otp: await encryptOtp(config.publicKey, code) } };
    },
    onResponse: ({ data, headers }) => {
      const token = headers.get('authorization');
      if (!token) throw new ApiError({ message: MESSAGES.generic, status: 200 });
      setSession(token, data.user);
    },
  });
}
