import crypto from 'node:crypto';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { localCertificate } from './local-certificate.js';

/**
 * A browser's side of Web Push, for tests where no real push service is reachable: a device's
 * subscription keys (made as a browser makes them: an ECDH P-256 pair and a random 16-byte auth
 * secret), and a local HTTPS push service that records what the server sends and decrypts it as
 * the browser would (RFC 8291, aes128gcm of RFC 8188), checking the VAPID signature (RFC 8292).
 */

export interface PushDevice {
  endpoint: string;
  /** base64url of the device's uncompressed public key (65 bytes). */
  p256dh: string;
  /** base64url of the 16-byte authentication secret. */
  auth: string;
  ecdh: crypto.ECDH;
}

export function newDevice(endpoint: string): PushDevice {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint, p256dh: ecdh.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url'), ecdh };
}

const hmac = (key: Buffer, data: Buffer) => crypto.createHmac('sha256', key).update(data).digest();

/** Decrypts one aes128gcm push body for the device (a single record, as every push is). */
export function decryptPush(body: Buffer, device: PushDevice): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length > recordSize) throw new Error(`more than one record (${record.length} > ${recordSize})`);
  const receiverKey = device.ecdh.getPublicKey();
  const sharedSecret = device.ecdh.computeSecret(senderKey);
  // RFC 8291 section 3.4: the input keying material mixes in the auth secret and both public keys.
  const prkKey = hmac(Buffer.from(device.auth, 'base64url'), sharedSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverKey, senderKey, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  // RFC 8188 section 2.2 and 2.3: the content encryption key and nonce from the salt.
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and any zero padding after it.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('not a final record (padding delimiter missing)');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * Checks the `Authorization: vapid t=<JWT>, k=<key>` header: an ES256 JWT signed by `k`, for the
 * push service's origin, not expired. Answers the key it was signed with.
 */
export function verifyVapid(header: string | undefined, audience: string): { publicKey: string; subject: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${header}`);
  const [, token, k] = match as unknown as [string, string, string];
  const [head, claims, signature] = token.split('.') as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  const key = crypto.createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') }, format: 'jwk' });
  const valid = crypto.verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!valid) throw new Error('VAPID signature does not verify');
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud: string; exp: number; sub: string };
  if (body.aud !== audience) throw new Error(`VAPID audience ${body.aud}, expected ${audience}`);
  if (body.exp * 1000 < Date.now()) throw new Error('VAPID token expired');
  return { publicKey: k, subject: body.sub };
}

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface LocalPushService {
  origin: string;
  /** The certificate to trust for it. */
  cert: string;
  received: ReceivedPush[];
  /** The status to answer per path (default 201 Created, as push services do). */
  statusOf: Map<string, number>;
  close(): Promise<void>;
}

export async function startPushService(): Promise<LocalPushService> {
  const { cert, key } = await localCertificate();
  const received: ReceivedPush[] = [];
  const statusOf = new Map<string, number>();
  const server = https.createServer({ cert, key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(statusOf.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    cert,
    received,
    statusOf,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
