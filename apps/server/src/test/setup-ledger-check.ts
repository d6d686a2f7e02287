import { afterEach } from 'vitest';
import { verifyLedger } from '../modules/ledger/index.js';
import { activeDbs } from './test-app.js';

// DESIGN principle 4: after every integration test the ledger re-derives to its projection.
afterEach(async () => {
  for (const db of activeDbs) {
    const violations = await verifyLedger(db);
    if (violations.length > 0) throw new Error(`ledger violations after test: ${JSON.stringify(violations)}`);
  }
});
