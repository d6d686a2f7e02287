import crypto from 'node:crypto';

/** An opaque session token: 32 random bytes, base64url. Only its hash is stored. */
export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function sha256Hex(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

export function hashToken(token: string): string {
  return sha256Hex(token);
}

/** Compares two hex digests in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}
