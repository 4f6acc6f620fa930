import crypto from 'node:crypto';
import { CONSTANTS, MESSAGES, RoleSchema, fillMessage, type LoggedInUser } from '@lectern/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { keyedHash, rsaDecrypt, safeEqual, type ServerKeys } from '../../lib/keys';
import type { AuthRepository } from './auth.repository';
import type { CodeDelivery } from './code-delivery';
import type { SessionService } from './session.service';

const invalidCredentials = () => AppError.of(401, 'invalidCredentials', {}, { errorCode: 1017 });

/** Sign-in with a one-time code (DESIGN §3). */
export class AuthService {
  constructor(
    private readonly repo: AuthRepository,
    private readonly sessions: SessionService,
    private readonly delivery: CodeDelivery,
    private readonly keys: ServerKeys,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
  ) {}

  private hashCode(mobileNumber: string, code: string): string {
    return keyedHash(this.keys, `otp:${mobileNumber}:${code}`);
  }

  /**
   * Issues a code. An unknown or inactive number gets the same answer and does the same database
   * work (a code row that can never match); delivery happens after the answer, off the request path.
   */
  async sendOtp(mobileNumber: string, ip: string) {
    const { otp } = this.config;
    const since = new Date(Date.now() - otp.windowMs);
    const recent = await this.repo.recentRequests(mobileNumber, ip, since);
    const sinceNewest = recent.newest ? Date.now() - recent.newest.getTime() : Infinity;
    if (
      recent.byNumber >= otp.maxPerNumber ||
      recent.byAddress >= otp.maxPerAddress ||
      sinceNewest < otp.resendCooldownMs
    ) {
      const retryAfter =
        sinceNewest < otp.resendCooldownMs
          ? Math.ceil((otp.resendCooldownMs - sinceNewest) / 1000)
          : Math.ceil(otp.windowMs / 1000);
      throw AppError.of(429, 'tooManyRequests', {}, { headers: { 'retry-after': String(retryAfter) } });
    }
    const userId = await this.repo.activeUserIdByPhone(mobileNumber);
    const code = crypto
      .randomInt(0, 10 ** CONSTANTS.otpLength)
      .toString()
      .padStart(CONSTANTS.otpLength, '0');
    // For an unknown number the stored hash is of a random value no code can produce.
    const codeHash = userId ? this.hashCode(mobileNumber, code) : this.hashCode(mobileNumber, crypto.randomUUID());
    await this.repo.insertCode({
      mobileNumber,
      userId,
      codeHash,
      ip,
      expiresAt: new Date(Date.now() + CONSTANTS.otpTtlMs),
    });
    if (userId) {
      setImmediate(() => {
        this.delivery.send(mobileNumber, code).catch((error: unknown) => {
          this.log.error({ err: error, mobileNumber }, 'sign-in code delivery failed');
        });
      });
    }
    return {
      data: {
        resendAfterSeconds: Math.ceil(otp.resendCooldownMs / 1000),
        expiresInSeconds: CONSTANTS.otpTtlMs / 1000,
      },
      message: fillMessage(MESSAGES.otpSent, { mobileNumber }),
    };
  }

  /** Checks the encrypted code and starts a session; wrong or stale codes answer 1017. */
  async login(mobileNumber: string, encryptedOtp: string, meta: { ip: string; userAgent?: string }) {
    const code = rsaDecrypt(this.keys, encryptedOtp);
    const row = await this.repo.newestCode(mobileNumber);
    if (!row || row.consumedAt || row.expiresAt.getTime() <= Date.now()) throw invalidCredentials();
    if (row.attempts >= CONSTANTS.otpMaxWrongTries) {
      throw AppError.of(401, 'otpExhausted', {}, { errorCode: 1018 });
    }
    const matches = code !== null && /^\d{6}$/.test(code) && safeEqual(this.hashCode(mobileNumber, code), row.codeHash);
    if (!matches || !row.userId) {
      await this.repo.countWrongTry(row.id, CONSTANTS.otpMaxWrongTries);
      throw invalidCredentials();
    }
    if (!(await this.repo.consume(row.id, CONSTANTS.otpMaxWrongTries))) throw invalidCredentials();
    const user = await this.repo.loggedInUser(row.userId);
    if (!user) throw invalidCredentials();
    const session = await this.sessions.create(user.userId, meta);
    await this.repo.recordSignIn(user.userId);
    return { token: session.token, expiresAt: session.expiresAt, user: toLoggedInUser(user) };
  }

  async currentUser(userId: string): Promise<LoggedInUser> {
    const user = await this.repo.loggedInUser(userId);
    if (!user) throw AppError.of(401, 'unauthorized', {}, { tokenInvalid: true });
    return toLoggedInUser(user);
  }
}

function toLoggedInUser(user: {
  userId: string;
  userName: string;
  email: string;
  image: string | null;
  roleNames: string[];
}): LoggedInUser {
  return {
    userId: user.userId,
    userName: user.userName,
    email: user.email,
    image: user.image,
    roles: user.roleNames.map((roleName) => ({ roleName: RoleSchema.parse(roleName) })),
  };
}
