import crypto from 'node:crypto';
import { LOAN_AGREEMENT_VERSION, type Lang } from '@tp/contracts';
import { dec, loanDueAt, loanInterest, type DecimalLike } from '@tp/domain';
import { wireDateTime } from '../../lib/time.js';
import { AGREEMENT_TEXTS } from './agreement-texts.js';

export interface AgreementTerms {
  loanPeriod: number;
  freePeriod: number;
  interestRate: DecimalLike;
  penaltyRate: DecimalLike;
}

export interface AgreementParties {
  borrower: string;
  uid: string;
  currency: string;
}

/** A daily fraction as the percent a person reads: '0.0025' -> '0.25'. */
export function percentOf(rate: DecimalLike): string {
  return dec(rate).times(100).toString();
}

/**
 * A date of the agreement: the UTC day, with its zone named. The text is the same for whoever
 * signs it wherever they are (it is hashed as evidence), so it cannot be in the reader's zone; a
 * date that stands alone in a document names its zone (decisions.md, "Times on screens").
 */
function agreementDate(ms: number): string {
  return `${wireDateTime(new Date(ms)).slice(0, 10)} UTC`;
}

/**
 * The agreement as the borrower reads and signs it, in their language, with the amount, rates,
 * term, dates and late fee filled in. `nowMs` is the day of signing: the due date shown is the one
 * a loan approved that day would have.
 */
export function renderAgreement(lang: Lang, parties: AgreementParties, amount: DecimalLike, terms: AgreementTerms, nowMs: number): string {
  const values: Record<string, string> = {
    version: LOAN_AGREEMENT_VERSION,
    date: agreementDate(nowMs),
    borrower: parties.borrower,
    uid: parties.uid,
    amount: dec(amount).toFixed(2),
    currency: parties.currency,
    period: String(terms.loanPeriod),
    due_date: agreementDate(loanDueAt(nowMs, terms.loanPeriod)),
    interest_rate: percentOf(terms.interestRate),
    free_period: String(terms.freePeriod),
    interest: loanInterest(amount, terms),
    penalty_rate: percentOf(terms.penaltyRate),
  };
  return AGREEMENT_TEXTS[lang].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The evidence's fingerprint of the signed text: SHA-256 of its UTF-8 bytes, hex. */
export function agreementHash(text: string): string {
  return crypto.createHash('sha256').update(text, 'utf8').digest('hex');
}
