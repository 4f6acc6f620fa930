import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AuthRepository } from './auth.repository';

/** Where sign-in codes go: an interface, so a deployment plugs in its SMS provider. */
export interface CodeDelivery {
  readonly kind: string;
  send(mobileNumber: string, code: string): Promise<void>;
}

/** Demo mode: the code goes to the server log and the development outbox (GET /api/dev/outbox). */
export class DevOutboxDelivery implements CodeDelivery {
  readonly kind = 'dev-outbox';
  private readonly repo: AuthRepository;
  constructor(
    db: Db,
    private readonly log: FastifyBaseLogger,
  ) {
    this.repo = new AuthRepository(db);
  }

  async send(mobileNumber: string, code: string): Promise<void> {
    await this.repo.insertOutboxCode(mobileNumber, code);
    this.log.info({ mobileNumber, code }, 'sign-in code (demo outbox)');
  }
}

/** Production: POSTs { mobileNumber, message } to the SMS provider's webhook (SMS_WEBHOOK_URL). */
export class WebhookDelivery implements CodeDelivery {
  readonly kind = 'webhook';
  constructor(
    private readonly url: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(mobileNumber: string, code: string): Promise<void> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobileNumber, message: `${code} is your Lectern sign-in code. It expires in 5 minutes.` }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`SMS webhook answered ${response.status}`);
    this.log.info({ mobileNumber }, 'sign-in code sent');
  }
}

/** No provider configured outside demo mode: codes cannot be delivered; operators are told at start-up. */
export class UnconfiguredDelivery implements CodeDelivery {
  readonly kind = 'none';
  constructor(private readonly log: FastifyBaseLogger) {}
  async send(mobileNumber: string): Promise<void> {
    this.log.error(
      { mobileNumber },
      'no SMS provider configured (SMS_WEBHOOK_URL): the sign-in code was not delivered',
    );
  }
}
