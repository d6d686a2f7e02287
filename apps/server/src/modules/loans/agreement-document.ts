import fs from 'node:fs/promises';
import path from 'node:path';
import type { Documents } from '../../http/documents.js';
import { siblingModule } from '../../lib/worker-pool.js';
import { uploadsDir } from '../uploads/index.js';
import type { AgreementPdfLoan, SignatureImage, agreementPdf } from './agreement-pdf.js';
import type { LoanRow } from './loans.repository.js';

/*
 * The signed agreement's PDF for a download: the loan and its signature are read here, on the
 * request thread (a row already read, one small file); the drawing (agreement-pdf.ts: fonts,
 * shaping, subsetting) runs on a document thread.
 */

const AGREEMENT_PDF = siblingModule(import.meta.url, 'agreement-pdf');

/** The drawn signature's bytes; null for a WebP (pdf-lib embeds PNG and JPEG only: the image stays in the record) or a missing file. */
export async function readSignature(dataDir: string, storedName: string): Promise<SignatureImage | null> {
  const type = storedName.endsWith('.png') ? 'png' : storedName.endsWith('.jpg') ? 'jpg' : null;
  if (!type) return null;
  const bytes = await fs.readFile(path.join(uploadsDir(dataDir), storedName)).catch(() => null);
  return bytes ? { type, bytes } : null;
}

export async function agreementDocument(documents: Documents, loan: LoanRow, dataDir: string): Promise<Uint8Array> {
  const shown: AgreementPdfLoan = {
    id: loan.id,
    status: loan.status,
    signed_at: loan.signed_at,
    signed_ip: loan.signed_ip,
    signed_user_agent: loan.signed_user_agent,
    agreement_version: loan.agreement_version,
    agreement_language: loan.agreement_language,
    agreement_text: loan.agreement_text,
    agreement_hash: loan.agreement_hash,
  };
  const args: Parameters<typeof agreementPdf> = [shown, await readSignature(dataDir, loan.sign_name)];
  return documents.render<Uint8Array>(AGREEMENT_PDF, 'agreementPdf', args);
}
