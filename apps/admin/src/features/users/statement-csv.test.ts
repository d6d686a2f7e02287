import { describe, expect, it } from 'vitest';
import { csvCell, statementCsv } from './statement-csv';

describe('statement CSV', () => {
  it('quotes what needs it and defuses formulas in text cells only', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('-12.5', false)).toBe('-12.5');
    expect(csvCell(null)).toBe('');
  });
  it('writes a header and one line per posting', () => {
    const csv = statementCsv([
      { posting_id: '9', transaction_id: '4', kind: 'deposit', memo: 'Deposit #1', reference: 'charge:1', account_type_id: 1, bucket: 'available', amount: '500.000000000000000000', balance_after: '500.000000000000000000', created_at: '2026-11-24 10:00:00' },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'time_utc,kind,memo,reference,account_type_id,bucket,amount,balance_after,transaction_id,posting_id',
      '2026-11-24 10:00:00,deposit,Deposit #1,charge:1,1,available,500.000000000000000000,500.000000000000000000,4,9',
      '',
    ]);
  });
});
