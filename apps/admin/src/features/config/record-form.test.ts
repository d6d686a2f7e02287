import { describe, expect, it } from 'vitest';
import { leverageListField, symbolUpdateInput } from '@tp/contracts';
import { wireValue, type FieldSpec } from './record-form';

const leverages: FieldSpec = { name: 'leverages', label: 'symbols.leverages', kind: 'tags', schema: leverageListField };
const spread: FieldSpec = { name: 'spread', label: 'symbols.spread', kind: 'decimal', schema: symbolUpdateInput.shape.spread };

describe('configuration form values', () => {
  it('a leverage list typed as tags is sent as sorted unique numbers, which the contracts accept', () => {
    const sent = wireValue(leverages, ['50', '10', '20', '10']);
    expect(sent).toEqual([10, 20, 50]);
    expect(leverageListField.safeParse(sent).success).toBe(true);
    expect(leverageListField.safeParse(wireValue(leverages, ['0', '5'])).success).toBe(false);
    expect(leverageListField.safeParse(wireValue(leverages, ['1.5'])).success).toBe(false);
    // Empty: left out, so a symbol without leverages keeps none when its spread is edited.
    expect(wireValue(leverages, [])).toBeUndefined();
  });

  it('text is trimmed; the spread schema refuses what the server would', () => {
    expect(wireValue(spread, ' 0.75 ')).toBe('0.75');
    expect(spread.schema!.safeParse('0.75').success).toBe(true);
    for (const bad of ['-1', 'abc', '1e3', '0x10']) expect(spread.schema!.safeParse(bad).success, bad).toBe(false);
  });

  it('an empty int field is left out rather than sent as 0', () => {
    expect(wireValue({ name: 'sort', label: 'common.sort', kind: 'int' }, '')).toBeUndefined();
    expect(wireValue({ name: 'sort', label: 'common.sort', kind: 'int' }, 3)).toBe(3);
  });
});
