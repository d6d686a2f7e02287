import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { endpointPath, endpoints, UPLOAD_URL_PATTERN } from '@tp/contracts';
import type { Db, Executor } from '../../db/database.js';
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

/** How much one user may upload: images per rolling hour, bytes per rolling 24 hours. */
export interface UploadQuota {
  perHour: number;
  bytesPerDay: number;
}

const mb = (bytes: number) => String(+(bytes / 1024 / 1024).toFixed(2));

/**
 * Stores an image under a random name with the extension of its sniffed type and records its
 * owner, within the user's quota. The quota is counted from the uploads table (so it holds across
 * restarts and nodes) under a per-user lock held until the row is committed. The caller has
 * already enforced the size limit while reading.
 */
export async function storeImage(db: Db, dataDir: string, userId: number, content: Buffer, quota: UploadQuota): Promise<{ url: string }> {
  if (content.length === 0) refuse('upload_missing');
  const kind = sniffImage(content.subarray(0, 16));
  if (!kind) refuse('upload_not_image');
  const storedName = `${crypto.randomBytes(16).toString('hex')}.${kind.ext}`;
  const dir = uploadsDir(dataDir);
  const file = path.join(dir, storedName);
  const state = { written: false };
  try {
    await db.transaction().execute(async (trx) => {
      await repo.lockUserUploads(trx, userId);
      const used = await repo.recentUsage(trx, userId);
      if (used.lastHour >= quota.perHour) refuse('upload_quota_count', { max: String(quota.perHour) });
      if (used.bytesLastDay + content.length > quota.bytesPerDay) refuse('upload_quota_bytes', { max_mb: mb(quota.bytesPerDay) });
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(file, content, { flag: 'wx', mode: 0o640 });
      state.written = true;
      await repo.insertUpload(trx, { user_id: userId, stored_name: storedName, mime: kind.mime, size: content.length });
    });
  } catch (err) {
    // No row, no file: a refused or failed upload leaves nothing behind.
    if (state.written) await fs.rm(file, { force: true });
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
