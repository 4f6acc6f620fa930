import type { FastifyInstance } from 'fastify';
import { MESSAGES, contract } from '@lectern/contract';
import type { AppDeps } from '../../lib/deps';
import { registerDomain } from '../../lib/routing';
import { AuthRepository } from './auth.repository';
import { AuthService } from './auth.service';

export function authRoutes(app: FastifyInstance, deps: AppDeps): void {
  const service = new AuthService(
    new AuthRepository(deps.db),
    deps.sessions,
    deps.delivery,
    deps.keys,
    deps.config,
    app.log,
  );
  registerDomain(app, deps, contract.auth, {
    sendOtp: async ({ body, request }) => service.sendOtp(body.mobileNumber, request.ip),
    login: async ({ body, request }) => {
      const result = await service.login(body.mobileNumber, body.otp, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return {
        data: { user: result.user },
        headers: { authorization: result.token, 'access-control-expose-headers': 'authorization' },
      };
    },
    logout: async ({ auth }) => {
      await deps.sessions.end(auth.tokenHash);
      return { data: { signedOut: true as const }, message: MESSAGES.signedOut };
    },
    session: async ({ auth }) => ({
      data: { user: await service.currentUser(auth.userId), expiresAt: auth.expiresAt.toISOString() },
    }),
  });
}
