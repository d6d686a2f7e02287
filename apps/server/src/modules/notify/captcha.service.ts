import crypto from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Db, Executor } from '../../db/database.js';
import { refuse } from '../../http/refusal.js';
import { sameDigest, sha256Hex } from '../../lib/tokens.js';
import * as repo from './codes.repository.js';

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;

function answerHash(id: string, answer: string): string {
  return sha256Hex(`${id}:${answer.trim().toLowerCase()}`);
}

/** A new image captcha: `b64s` is a data: URL of the SVG; only the answer's hash is kept. */
export async function createCaptcha(db: Executor): Promise<{ id: string; b64s: string; answer: string }> {
  const { text, data } = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1iIlL', color: true });
  const id = crypto.randomBytes(16).toString('base64url');
  const now = new Date();
  await repo.insertCaptcha(db, { id, answer_hash: answerHash(id, text), created_at: now, expires_at: new Date(now.getTime() + CAPTCHA_TTL_MS) });
  return { id, b64s: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}`, answer: text };
}

/** One try per captcha, right or wrong; runs on the database so the try counts even when refused. */
export async function consumeCaptcha(db: Db, id: string | undefined, answer: string): Promise<void> {
  if (!id) refuse('captcha_invalid');
  const row = await repo.takeCaptcha(db, id);
  if (!row || !sameDigest(row.answer_hash, answerHash(id, answer))) refuse('captcha_invalid');
}
