import crypto from 'node:crypto';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { KeysRepository } from '../db/keys.repository';

/** The keys of DESIGN §3: the RSA pair, the fixed string the signature key encrypts, the HMAC secret. */
export interface ServerKeys {
  privateKey: crypto.KeyObject;
  publicKeyPem: string;
  fixedString: string;
  signingSecret: string;
  /** HMAC key for hashing sign-in codes and session tokens at rest */
  pepper: string;
}

const random = (bytes: number) => crypto.randomBytes(bytes).toString('base64url');

/**
 * Keys from the environment when given, otherwise generated once and kept in the database,
 * so every process of a deployment shares them.
 */
export async function loadKeys(db: Db, config: Config): Promise<ServerKeys> {
  const stored = new KeysRepository(db);
  const privatePem =
    config.keys.privateKeyPem ??
    (await stored.getOrCreate('rsa_private_key', () =>
      crypto
        .generateKeyPairSync('rsa', { modulusLength: 2048 })
        .privateKey.export({ type: 'pkcs8', format: 'pem' })
        .toString(),
    ));
  const privateKey = crypto.createPrivateKey(privatePem);
  const publicKeyPem = crypto.createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  return {
    privateKey,
    publicKeyPem,
    fixedString: config.keys.fixedString ?? (await stored.getOrCreate('fixed_string', () => `lectern-${random(18)}`)),
    signingSecret: config.keys.signingSecret ?? (await stored.getOrCreate('signing_secret', () => random(32))),
    pepper: await stored.getOrCreate('pepper', () => random(32)),
  };
}

/** RSA-OAEP (SHA-256) decryption of a base64 or base64url text; null when it does not decrypt. */
export function rsaDecrypt(keys: ServerKeys, encoded: string): string | null {
  try {
    const buffer = Buffer.from(encoded.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (buffer.length === 0 || buffer.length > 1024) return null;
    return crypto
      .privateDecrypt(
        { key: keys.privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        buffer,
      )
      .toString('utf8');
  } catch {
    return null;
  }
}

/** Keyed hash used for codes and tokens at rest. */
export function keyedHash(keys: ServerKeys, value: string): string {
  return crypto.createHmac('sha256', keys.pepper).update(value).digest('hex');
}

/** Constant-time comparison of two hex or text values. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
