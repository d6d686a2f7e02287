import type { z } from 'zod';
import { REAL_NAME_STATUS, REVIEW_STATUS, type AdminRealName, type Lang, type Paged, type RealNameCenter, type realNameInput } from '@tp/contracts';
import type { Executor } from '../../db/database.js';
import { text } from '../../http/messages/index.js';
import { isRefusal, refuse } from '../../http/refusal.js';
import type { ErrorKey } from '@tp/contracts';
import { paged, pageWindow } from '../../lib/paging.js';
import { wireDateTime } from '../../lib/time.js';
import { writeAudit } from '../audit/index.js';
import { notify } from '../notifications/index.js';
import { ownUploadId, uploadUrl } from '../uploads/index.js';
import * as repo from './real-name.repository.js';

const idTypeName = (lang: Lang, type: number) => text(lang, `id_card_type_${type as 1 | 2 | 3}`);

const EMPTY_CENTER: RealNameCenter = {
  review_status: REVIEW_STATUS.form,
  name: '',
  id_card_type: null,
  id_card_type_name: '',
  card_id: '',
  front_pic: '',
  reverse_pic: '',
  reject_reason: '',
};

/**
 * The user's view of their latest submission. A rejection is not a state of its own for the user
 * (spec: "Rejected: not shown"): it is the form again, with the reason and what was sent.
 */
function toCenter(row: repo.RealNameRow | undefined, lang: Lang): RealNameCenter {
  if (!row) return EMPTY_CENTER;
  const rejected = row.status === REAL_NAME_STATUS.rejected;
  return {
    review_status: rejected ? REVIEW_STATUS.form : row.status === REAL_NAME_STATUS.approved ? REVIEW_STATUS.finished : REVIEW_STATUS.waiting,
    name: row.name,
    id_card_type: row.id_card_type,
    id_card_type_name: idTypeName(lang, row.id_card_type),
    card_id: row.card_id,
    front_pic: uploadUrl(row.front_name),
    reverse_pic: uploadUrl(row.reverse_name),
    reject_reason: rejected ? row.remark : '',
  };
}

export async function center(db: Executor, userId: number, lang: Lang): Promise<RealNameCenter> {
  return toCenter(await repo.latestOfUser(db, userId), lang);
}

/** The user's own upload, or the refusal that names the missing side (never whose upload it was). */
async function ownPhoto(trx: Executor, userId: number, url: string | undefined, missing: ErrorKey): Promise<number> {
  if (!url) refuse(missing);
  try {
    return await ownUploadId(trx, userId, url);
  } catch (err) {
    if (isRefusal(err)) refuse(missing);
    throw err;
  }
}

/** A submission, allowed only while nothing is waiting or approved; it then waits for staff. */
export async function submit(trx: Executor, userId: number, input: z.output<typeof realNameInput>, lang: Lang): Promise<RealNameCenter> {
  await repo.lockUser(trx, userId);
  const open = await repo.openStatus(trx, userId);
  if (open === REAL_NAME_STATUS.waiting) refuse('real_name_waiting');
  if (open === REAL_NAME_STATUS.approved) refuse('real_name_verified');
  const front = await ownPhoto(trx, userId, input.front_pic, 'real_name_front_missing');
  const reverse = await ownPhoto(trx, userId, input.reverse_pic, 'real_name_back_missing');
  await repo.insertSubmission(trx, {
    user_id: userId,
    name: input.name,
    id_card_type: input.id_card_type,
    card_id: input.card_id,
    front_upload_id: front,
    reverse_upload_id: reverse,
  });
  return center(trx, userId, lang);
}

export async function listForAdmin(db: Executor, status: number | undefined, page: number, lang: Lang): Promise<Paged<AdminRealName>> {
  const { limit, offset } = pageWindow(page);
  const [rows, total] = await Promise.all([repo.listForQueue(db, status, limit, offset), repo.countForQueue(db, status)]);
  const data = rows.map((r) => ({
    id: r.id,
    status: r.status,
    user: { id: r.user_id, uid: r.uid, email: r.email },
    name: r.name,
    id_card_type: r.id_card_type,
    id_card_type_name: idTypeName(lang, r.id_card_type),
    card_id: r.card_id,
    front_pic: uploadUrl(r.front_name),
    reverse_pic: uploadUrl(r.reverse_name),
    remark: r.remark,
    created_at: wireDateTime(r.created_at),
    reviewed_at: r.reviewed_at ? wireDateTime(r.reviewed_at) : null,
    reviewed_by: r.reviewed_by,
  }));
  return paged(data, total, page);
}

export type Decision = 'approve' | 'reject';

/**
 * A reviewer's decision, once: the submission is locked, so a second decision waits and then
 * finds it decided. Nothing moves money; the decision and its reason are audited in the same
 * transaction. A rejection's reason is what the user's form shows.
 */
export async function decide(trx: Executor, adminId: number, id: number, decision: Decision, reason: string | undefined) {
  const row = await repo.lockSubmission(trx, id);
  if (!row) refuse('not_found');
  if (row.status !== REAL_NAME_STATUS.waiting) refuse('already_decided');
  const status = decision === 'approve' ? REAL_NAME_STATUS.approved : REAL_NAME_STATUS.rejected;
  await repo.markSubmission(trx, id, { status, remark: reason ?? '', reviewed_by: adminId });
  await notify(trx, { userId: row.user_id, kind: 'real_name_decided', params: { outcome: decision === 'approve' ? 'approved' : 'rejected' }, link: '/mine/auth' });
  await writeAudit(trx, {
    adminId,
    action: `real_name.${decision}`,
    target: `real_name:${id}`,
    detail: { user_id: row.user_id, reason: reason ?? null },
    before: { status: row.status },
    after: { status, remark: reason ?? '' },
  });
  return { id, status };
}
