import { CONSTANTS } from './constants';
import { randomId } from './format';

/**
 * Request signing (DESIGN §3): `x-signature: v1.{id}.{timestamp}.{key}.{mac}`.
 * Works with WebCrypto, so the browser, Node and third-party clients share it.
 */
export const SIGNATURE_VERSION = 'v1';
export const SIGNATURE_PATTERN = /^v1\.([A-Za-z0-9]{22})\.(\d{1,16})\.([A-Za-z0-9_-]+)\.([0-9a-f]{64})$/;

/** The text the mac covers: `METHOD\ntimestamp\nid\npath`, path as sent (with /api), no query string. */
export function signatureBase(method: string, timestamp: number | string, id: string, path: string): string {
  return `${method.toUpperCase()}\n${timestamp}\n${id}\n${stripQuery(path)}`;
}

/** The path part of a URL or path, without query string or fragment. */
export function stripQuery(pathOrUrl: string): string {
  const noHash = pathOrUrl.split('#')[0] ?? '';
  const noQuery = noHash.split('?')[0] ?? '';
  const match = /^[a-z]+:\/\/[^/]+(\/.*)?$/i.exec(noQuery);
  return match ? (match[1] ?? '/') : noQuery;
}

export interface ParsedSignature {
  id: string;
  timestamp: number;
  key: string;
  mac: string;
}

/** Splits an x-signature header; null when it is not well formed. */
export function parseSignature(header: string | undefined | null): ParsedSignature | null {
  if (!header) return null;
  const m = SIGNATURE_PATTERN.exec(header.trim());
  if (!m) return null;
  return { id: m[1]!, timestamp: Number(m[2]), key: m[3]!, mac: m[4]! };
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** base64url without padding. */
export function toBase64Url(bytes: Uint8Array): string {
  return bytesToBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function pemToDer(pem: string): ArrayBuffer {
  const body = pem.replace(/-----(BEGIN|END) [A-Z ]+-----/g, '').replace(/\s+/g, '');
  const binary = atob(body);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out.buffer;
}

async function importPublicKey(pem: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('spki', pemToDer(pem), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
}

/** RSA-OAEP (SHA-256) encryption with an SPKI PEM public key; returns the raw bytes. */
export async function rsaEncrypt(publicKeyPem: string, text: string): Promise<Uint8Array> {
  const key = await importPublicKey(publicKeyPem);
  const cipher = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(text));
  return new Uint8Array(cipher);
}

/** Encrypts a sign-in code for POST /auth/login (standard base64). */
export async function encryptOtp(publicKeyPem: string, otp: string): Promise<string> {
  return bytesToBase64(await rsaEncrypt(publicKeyPem, otp));
}

/** Lowercase hex HMAC-SHA256. */
export async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(message)));
  return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface SignerConfig {
  publicKey: string;
  fixedString: string;
  signingSecret: string;
}

/**
 * A signer that encrypts the fixed string once and then signs each request.
 * `now` and `id` can be injected by tests.
 */
export function createSigner(config: SignerConfig) {
  let encryptedKey: Promise<string> | undefined;
  return async function sign(method: string, path: string, opts: { now?: number; id?: string } = {}): Promise<string> {
    encryptedKey ??= rsaEncrypt(config.publicKey, config.fixedString).then(toBase64Url);
    const key = await encryptedKey;
    const id = opts.id ?? randomId(CONSTANTS.signatureIdLength);
    const timestamp = opts.now ?? Date.now();
    const mac = await hmacSha256Hex(config.signingSecret, signatureBase(method, timestamp, id, path));
    return `${SIGNATURE_VERSION}.${id}.${timestamp}.${key}.${mac}`;
  };
}
