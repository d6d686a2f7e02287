import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/*
 * Small secrets kept in the database (staff TOTP secrets) are sealed with AES-256-GCM under a key
 * that lives in DATA_DIR (mode 0600), not in the database: a dump alone does not reveal them.
 * Several server processes must share DATA_DIR (as they already do for uploads).
 */

const KEY_FILE = 'secret-box.key';
const VERSION = 'v1';

/** The key of DATA_DIR, made (32 random bytes, mode 0600) on first use. */
export async function loadSecretKey(dataDir: string): Promise<Buffer> {
  const file = path.join(dataDir, KEY_FILE);
  try {
    const key = Buffer.from((await fs.readFile(file, 'utf8')).trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key`);
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await fs.mkdir(dataDir, { recursive: true });
  const key = crypto.randomBytes(32);
  try {
    // 'wx': two processes starting at once must not overwrite each other's key.
    await fs.writeFile(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return loadSecretKey(dataDir);
    throw err;
  }
}

export function seal(key: Buffer, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

export function unseal(key: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
