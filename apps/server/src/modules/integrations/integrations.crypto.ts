import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const keys = new Map<string, Buffer>();

/**
 * A 256-bit key derived from ENCRYPTION_KEY (or AUTH_SECRET) for this one purpose, so the secret itself is never the key.
 * Both QuickBooks integrations seal their tokens with it; the label keeps its first name so stored tokens still open.
 */
function keyOf(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'groundwork', 'accounting-tokens-v1', 32));
    keys.set(secret, key);
  }
  return key;
}

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, base64url; a changed byte fails to decrypt rather than decrypting wrong. */
export function encryptSecret(secret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

export function decryptSecret(secret: string, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not an encrypted token');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
