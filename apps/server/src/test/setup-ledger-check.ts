import { afterEach } from 'vitest';
import { verifyHolds, verifyLedger } from '../modules/ledger/index.js';
import { MODULES, holdSourcesOf } from '../modules.js';
import { activeDbs, holdCheckedDbs } from './test-app.js';

const holdSources = holdSourcesOf(MODULES);

// DESIGN principle 4: after every integration test the ledger re-derives to its projection, and
// every held amount equals what the rows behind it (options, orders, withdrawals, subscriptions) hold.
afterEach(async () => {
  for (const db of activeDbs) {
    const violations = [...(await verifyLedger(db)), ...(holdCheckedDbs.has(db) ? await verifyHolds(db, holdSources) : [])];
    if (violations.length > 0) throw new Error(`ledger violations after test: ${JSON.stringify(violations)}`);
  }
});
