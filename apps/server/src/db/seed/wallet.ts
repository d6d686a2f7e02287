import type { Db } from '../database.js';

/** Deposit addresses shown to users (illustrative: this deployment collects nothing by itself). */
const DEPOSIT_ADDRESSES = [
  { currency_code: 'USDT', protocol_code: 'TRC20', address: 'TQ7s1mPLa9w4sGx2fHcVq8kXbN3eRzJ5uD' },
  { currency_code: 'USDT', protocol_code: 'ERC20', address: '0x5b1F3c9A2e7D4f60B8a1C2d3E4f5061728394aBc' },
  { currency_code: 'BTC', protocol_code: 'BTC', address: 'bc1q9h7x3k2m5n8p4r6t0v2w4y6z8a0c2e4g6j8l0' },
  { currency_code: 'ETH', protocol_code: 'ERC20', address: '0x7C2e4A6b8D0f1E3c5A7b9D1f3E5c7A9b1D3f5E7c' },
];

const BANK_COINS = ['USD', 'EUR', 'HKD'];

/**
 * Collection accounts. Their remarks are shown in every language, so the seed keeps them to a
 * term (SEPA); the app itself asks for the UID as the transfer's reference, translated.
 */
const BANK_ACCOUNTS: Record<string, { bank_name: string; bank_address: string; bank_swift: string; payee_name: string; payee_account: string; bank_remark: string }[]> = {
  USD: [
    {
      bank_name: 'Harbour Point Bank N.A.',
      bank_address: '200 Park Avenue, New York, NY 10166, USA',
      bank_swift: 'HPBKUS33',
      payee_name: 'Harbour Point Trading Ltd',
      payee_account: '0012345678901',
      bank_remark: '',
    },
  ],
  EUR: [
    {
      bank_name: 'Harbour Point Bank Europe SE',
      bank_address: 'Taunusanlage 12, 60325 Frankfurt am Main, Germany',
      bank_swift: 'HPBKDEFF',
      payee_name: 'Harbour Point Trading Ltd',
      payee_account: 'DE89370400440532013000',
      bank_remark: 'SEPA',
    },
  ],
  HKD: [
    {
      bank_name: 'Harbour Point Bank (Hong Kong) Ltd',
      bank_address: '1 Queen\'s Road Central, Hong Kong',
      bank_swift: 'HPBKHKHH',
      payee_name: 'Harbour Point Trading Ltd',
      payee_account: '004-123-456789-001',
      bank_remark: '',
    },
  ],
};

/**
 * Withdrawal currencies. Amounts are in the funding account's currency (USDT); usd_price tells
 * the client what one unit of the payout currency is worth.
 */
const WITHDRAW_CURRENCIES = [
  { code: 'USDT', protocol: 'TRC20', type: 1, fee_type: 1, draw_rate: '1', draw_min: '10', usd_price: '1', places: 6 },
  { code: 'USDT', protocol: 'ERC20', type: 1, fee_type: 1, draw_rate: '5', draw_min: '20', usd_price: '1', places: 6 },
  { code: 'BTC', protocol: 'BTC', type: 1, fee_type: 2, draw_rate: '0.001', draw_min: '50', usd_price: '65000', places: 8 },
  { code: 'USD', protocol: '', type: 2, fee_type: 2, draw_rate: '0.01', draw_min: '100', usd_price: '1', places: 2 },
  { code: 'EUR', protocol: '', type: 2, fee_type: 2, draw_rate: '0.015', draw_min: '100', usd_price: '1.08', places: 2 },
];

const SEEDED_KEY = 'wallet_seeded_at';

/** Deposit channels and withdrawal currencies, once (a private setting marks it done). */
export async function seedWallet(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('settings')
      .values({ key: SEEDED_KEY, value: new Date().toISOString(), is_public: false })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!inserted) return;
    await trx.insertInto('deposit_addresses').values(DEPOSIT_ADDRESSES.map((a, i) => ({ ...a, sort: i }))).execute();
    for (const [i, name] of BANK_COINS.entries()) {
      const { id } = await trx.insertInto('bank_coins').values({ name, sort: i }).returning('id').executeTakeFirstOrThrow();
      const accounts = BANK_ACCOUNTS[name] ?? [];
      if (accounts.length > 0) await trx.insertInto('bank_accounts').values(accounts.map((a) => ({ ...a, bank_coin_id: id }))).execute();
    }
    await trx.insertInto('withdraw_currencies').values(WITHDRAW_CURRENCIES.map((c, i) => ({ ...c, sort: i }))).execute();
  });
}
