/** A real RSA-OAEP (SHA-256) key pair for tests, made once per test file. */
export interface TestKeys {
  publicKeyPem: string;
  privateKey: CryptoKey;
}

let keys: Promise<TestKeys> | undefined;

export function testKeys(): Promise<TestKeys> {
  keys ??= (async () => {
    const pair = await crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['encrypt', 'decrypt'],
    );
    const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
    let binary = '';
    for (const byte of spki) binary += String.fromCharCode(byte);
    const body = btoa(binary)
      .replace(/(.{64})/g, '$1\n')
      .trim();
    return {
      publicKeyPem: `-----BEGIN PUBLIC KEY-----\n${body}\n-----END PUBLIC KEY-----\n`,
      privateKey: pair.privateKey,
    };
  })();
  return keys;
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const normal = text.replace(/-/g, '+').replace(/_/g, '/');
  const padded = normal + '='.repeat((4 - (normal.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Decrypts base64 or base64url RSA-OAEP text with the test private key (what the server does). */
export async function decrypt(privateKey: CryptoKey, cipherText: string): Promise<string> {
  const plain = await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, privateKey, fromBase64(cipherText));
  return new TextDecoder().decode(plain);
}
