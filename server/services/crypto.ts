import crypto from 'node:crypto';
import type { FieldKeys } from './secrets';

export const sha256 = (value: string): string =>
  crypto.createHash('sha256').update(value).digest('base64url');

export const randomToken = (bytes = 32): string => crypto.randomBytes(bytes).toString('base64url');

export const hmac = (secret: string, value: string): string =>
  crypto.createHmac('sha256', secret).update(value).digest('base64url');

/** Constant-time comparison of two strings of any length. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

/**
 * AES-256-GCM for fields kept secret at rest (tax IDs, API keys): `v1.iv.tag.ciphertext`,
 * always sealed with the key in force.
 */
export function encryptField(keys: FieldKeys, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keys.current, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [
    'v1',
    iv.toString('base64url'),
    tag.toString('base64url'),
    data.toString('base64url'),
  ].join('.');
}

/**
 * Opens a sealed field with the key in force or, during a rotation, a previous one: the GCM tag
 * tells which key sealed it, so no key id needs storing. Throws when no key opens it.
 */
export function decryptField(keys: FieldKeys, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined)
    throw new Error('Unknown field format');
  for (const key of [keys.current, ...keys.previous]) {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    try {
      return Buffer.concat([
        decipher.update(Buffer.from(data, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      // Not this key's seal: try the next one.
    }
  }
  throw new Error('No field encryption key opens this field');
}
