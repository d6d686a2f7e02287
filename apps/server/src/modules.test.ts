import { describe, expect, it } from 'vitest';
import { LEDGER_KINDS } from './modules/ledger/index.js';
import { defineModule } from './modules/define-module.js';
import { MODULES, assertLedgerKindsOwnedOnce, tickConsumersOf } from './modules.js';

describe('the module list (composition root)', () => {
  it('names each module once', () => {
    const names = MODULES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('gives every ledger kind exactly one owning module', () => {
    const owned = MODULES.flatMap((m) => m.ledgerKinds ?? []);
    // A manual correction (adjustment) is shown in histories but no module posts one yet.
    expect([...owned].sort()).toEqual(Object.values(LEDGER_KINDS).filter((k) => k !== LEDGER_KINDS.adjustment).sort());
    expect(() => assertLedgerKindsOwnedOnce(MODULES)).not.toThrow();
    const thief = defineModule({ name: 'thief', ledgerKinds: [LEDGER_KINDS.deposit] });
    expect(() => assertLedgerKindsOwnedOnce([...MODULES, thief])).toThrow(/deposit is declared by both deposits and thief/);
  });

  // follow's consumer only listens for closes (its copies are made inside forex's step); price
  // alerts only tell, so they come after every consumer that moves money.
  it('runs the forex trigger engine before the option settler on each tick batch, as before', () => {
    expect(MODULES.filter((m) => (m.tickConsumers ?? []).length > 0).map((m) => m.name)).toEqual(['forex', 'micro', 'follow', 'alerts']);
    expect(tickConsumersOf(MODULES)).toHaveLength(4);
  });
});
