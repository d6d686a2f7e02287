import { describe, expect, it } from 'vitest';
import { LANGS } from '@tp/contracts';
import { renderAgreement } from './agreement.js';

const TERMS = { loanPeriod: 15, freePeriod: 3, interestRate: '0.0008', penaltyRate: '0.0025' };
const PARTIES = { borrower: 'Jane Doe', uid: '100234', currency: 'USDT' };

describe('the agreement\'s dates', () => {
  // 2026-11-20 21:56 UTC is already the 21st in Bangkok and still the 20th in New York: the date
  // alone would be read in the reader's zone; the agreement says which day it means.
  const signedMs = Date.UTC(2026, 10, 20, 21, 56, 0);

  it('name their zone, the day of signing and the due date, in every language', () => {
    for (const lang of LANGS) {
      const text = renderAgreement(lang, PARTIES, '1000', TERMS, signedMs);
      expect(text, lang).toContain('2026-11-20 UTC');
      expect(text, lang).toContain('2026-12-05 UTC');
      expect(text, lang).not.toMatch(/\{date\}|\{due_date\}/);
    }
  });

  it('the English text reads them as dates of the agreement', () => {
    const text = renderAgreement('en', PARTIES, '1000', TERMS, signedMs);
    expect(text).toContain('Date: 2026-11-20 UTC');
    expect(text).toContain('A loan approved today is due on 2026-12-05 UTC.');
  });
});
