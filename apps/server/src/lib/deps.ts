import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { SessionService } from '../modules/auth/session.service';
import type { ApiKeysService } from '../modules/users/api-keys.service';
import type { CodeDelivery } from '../modules/auth/code-delivery';
import type { Mailer } from '../mail/mailer';
import type { SignatureVerifier } from '../plugins/signature';
import type { ServerKeys } from './keys';

/** What the app's modules share: built once in app.ts, passed to each domain's routes. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  keys: ServerKeys;
  signatures: SignatureVerifier;
  sessions: SessionService;
  /** service callers' API keys: the access check authenticates them, user management makes them */
  apiKeys: ApiKeysService;
  delivery: CodeDelivery;
  /** e-mail: the development outbox in demo mode, SMTP otherwise */
  mailer: Mailer;
}
