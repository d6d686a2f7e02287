import { booksCli } from './verify-books.js';
import { receiptCli } from './verify-receipt.js';

/**
 * `npm run verify`: with no argument, the books of this platform (DATA_DIR or DATABASE_URL);
 * with a receipt and its roots, that receipt, away from any database.
 */
const args = process.argv.slice(2);
(args.length === 0 ? booksCli() : receiptCli(args)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(2);
  },
);
