import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { endpointPath, endpoints, UPLOAD_URL_PATTERN } from '@tp/contracts';
import type { Executor } from '../../db/database.js';
import { refuse } from '../../http/refusal.js';
import { sniffImage } from './image-sniff.js';
import * as repo from './uploads.repository.js';

/** Outside the web root (the built app is served from apps/web/dist, never from DATA_DIR). */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

export function uploadUrl(storedName: string): string {
  return endpointPath(endpoints.uploads.file, { name: storedName });
}

/**
 * Stores an image under a random name with the extension of its sniffed type and records its
 * owner. The caller has already enforced the size limit while reading.
 */
export async function storeImage(db: Executor, dataDir: string, userId: number, content: Buffer): Promise<{ url: string }> {
  if (content.length === 0) refuse('upload_missing');
  const kind = sniffImage(content.subarray(0, 16));
  if (!kind) refuse('upload_not_image');
  const storedName = `${crypto.randomBytes(16).toString('hex')}.${kind.ext}`;
  const dir = uploadsDir(dataDir);
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, storedName);
  await fs.writeFile(file, content, { flag: 'wx', mode: 0o640 });
  try {
    await repo.insertUpload(db, { user_id: userId, stored_name: storedName, mime: kind.mime, size: content.length });
  } catch (err) {
    await fs.rm(file, { force: true });
    throw err;
  }
  return { url: uploadUrl(storedName) };
}

/** The upload a `proofImg` url names, if it is this user's; else the refusal proof_invalid. */
export async function ownUploadId(db: Executor, userId: number, url: string): Promise<number> {
  const name = UPLOAD_URL_PATTERN.exec(url)?.[1];
  const row = name ? await repo.findUploadByName(db, name) : undefined;
  if (!row || row.user_id !== userId) refuse('proof_invalid');
  return row.id;
}
