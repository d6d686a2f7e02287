import fs from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';

/*
 * The server's VAPID key pair (RFC 8292): browsers bind each push subscription to its public key,
 * and every push is signed with the private one. Made on first start and kept in DATA_DIR
 * (mode 0600), beside the other secrets there: a new pair would orphan every subscription, so it
 * must survive restarts and be shared by every process of a cluster (they share DATA_DIR).
 */

const KEY_FILE = 'vapid-keys.json';

const loaded = new Map<string, Promise<VapidKeys>>();

export interface VapidKeys {
  /** base64url of the uncompressed P-256 point: what `applicationServerKey` takes. */
  publicKey: string;
  privateKey: string;
  /** Who runs this server, for the push service to reach (a `mailto:` URL). */
  subject: string;
}

function parse(file: string, raw: string): VapidKeys {
  const keys = JSON.parse(raw) as Partial<VapidKeys>;
  if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string' || typeof keys.subject !== 'string') {
    throw new Error(`${file} does not hold a VAPID key pair`);
  }
  return { publicKey: keys.publicKey, privateKey: keys.privateKey, subject: keys.subject };
}

/** The pair of DATA_DIR, made on first use; `contact` is the operator's e-mail address for the subject. */
export async function loadVapidKeys(dataDir: string, contact: string): Promise<VapidKeys> {
  const file = path.join(dataDir, KEY_FILE);
  try {
    return parse(file, await fs.readFile(file, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await fs.mkdir(dataDir, { recursive: true });
  const pair = webpush.generateVAPIDKeys();
  const keys: VapidKeys = { publicKey: pair.publicKey, privateKey: pair.privateKey, subject: `mailto:${contact}` };
  try {
    // 'wx': two processes starting at once must not each make a pair and overwrite the other's.
    await fs.writeFile(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
    return keys;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return loadVapidKeys(dataDir, contact);
    throw err;
  }
}

/**
 * The pair as the server made it at its first start (the routes make it before the engine runs);
 * read once per data directory and process, a failed read is tried again next time.
 */
export function readVapidKeys(dataDir: string): Promise<VapidKeys> {
  let keys = loaded.get(dataDir);
  if (!keys) {
    const file = path.join(dataDir, KEY_FILE);
    keys = fs
      .readFile(file, 'utf8')
      .then((raw) => parse(file, raw))
      .catch((err: unknown) => {
        loaded.delete(dataDir);
        throw err;
      });
    loaded.set(dataDir, keys);
  }
  return keys;
}

/** Loads once per data directory and process; a failed load is tried again next time. */
export function vapidKeysOf(dataDir: string, contact: string): Promise<VapidKeys> {
  let keys = loaded.get(dataDir);
  if (!keys) {
    keys = loadVapidKeys(dataDir, contact).catch((err: unknown) => {
      loaded.delete(dataDir);
      throw err;
    });
    loaded.set(dataDir, keys);
  }
  return keys;
}
