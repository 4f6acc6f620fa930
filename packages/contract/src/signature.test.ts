import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSigner, encryptOtp, parseSignature, signatureBase, stripQuery } from './signature';

const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
const decrypt = (b64: string) =>
  crypto
    .privateDecrypt(
      { key: privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(b64, 'base64'),
    )
    .toString();

describe('request signature', () => {
  it('builds v1.{id}.{timestamp}.{key}.{mac} that a server can check with node:crypto', async () => {
    const sign = createSigner({ publicKey: publicPem, fixedString: 'fixed', signingSecret: 'secret' });
    const header = await sign('get', '/api/users/user/internal/all?page=0&size=1000', { now: 1_700_000_000_000 });
    const parsed = parseSignature(header)!;
    expect(parsed.id).toMatch(/^[A-Za-z0-9]{22}$/);
    expect(parsed.timestamp).toBe(1_700_000_000_000);
    expect(decrypt(parsed.key)).toBe('fixed');
    const expected = crypto
      .createHmac('sha256', 'secret')
      .update(`GET\n1700000000000\n${parsed.id}\n/api/users/user/internal/all`)
      .digest('hex');
    expect(parsed.mac).toBe(expected);
  });

  it('reuses one encrypted key and a fresh id per request', async () => {
    const sign = createSigner({ publicKey: publicPem, fixedString: 'fixed', signingSecret: 'secret' });
    const a = parseSignature(await sign('POST', '/api/a'))!;
    const b = parseSignature(await sign('POST', '/api/a'))!;
    expect(a.key).toBe(b.key);
    expect(a.id).not.toBe(b.id);
  });

  it('covers the path without query string or origin', () => {
    expect(stripQuery('/api/x?y=1#z')).toBe('/api/x');
    expect(stripQuery('http://host:8080/api/x?y=1')).toBe('/api/x');
    expect(signatureBase('put', 5, 'id', '/api/x?q')).toBe('PUT\n5\nid\n/api/x');
  });

  it('rejects malformed headers', () => {
    for (const bad of [
      '',
      'v1',
      `v2.${'a'.repeat(22)}.1.k.${'0'.repeat(64)}`,
      `v1.${'a'.repeat(21)}.1.k.${'0'.repeat(64)}`,
      `v1.${'a'.repeat(22)}.1.k.${'0'.repeat(63)}`,
    ]) {
      expect(parseSignature(bad)).toBeNull();
    }
  });

  it('encrypts a sign-in code for the server', async () => {
    expect(decrypt(await encryptOtp(publicPem, '123456'))).toBe('123456');
  });
});
