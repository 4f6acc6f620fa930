// What other modules may use of the auth module; lint refuses an import deeper than this file.
import type { Db } from '../../db/client';
import { AuthRepository } from './auth.repository';

export type { SessionService } from './session.service';

/** Who is signed in, as other modules read it. */
export type SignedInUsers = Pick<AuthRepository, 'loggedInUser'>;

export function signedInUsers(db: Db): SignedInUsers {
  return new AuthRepository(db);
}
