import { describe, expect, it } from 'vitest';
import { diffRows } from './audit-diff';

describe('audit diff', () => {
  it('lines two versions up field by field, nested fields by path, and marks the changed ones', () => {
    expect(diffRows({ spread: '15', leverages: [10, 20], hours: { open: '00:00' } }, { spread: '20', leverages: [10, 20], hours: { open: '01:00' }, enabled: true })).toEqual([
      { field: 'enabled', before: undefined, after: 'true', changed: true },
      { field: 'hours.open', before: '00:00', after: '01:00', changed: true },
      { field: 'leverages', before: '[10,20]', after: '[10,20]', changed: false },
      { field: 'spread', before: '15', after: '20', changed: true },
    ]);
    expect(diffRows(null, { status: 0 })).toEqual([{ field: 'status', before: undefined, after: '0', changed: true }]);
  });
});
