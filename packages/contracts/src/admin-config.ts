import { Decimal } from 'decimal.js';
import { z } from 'zod';
import { idField, intIn, multiLineText, requiredText, text } from './form-fields.js';
import { boundedDecimalInput, MAX_AMOUNT, MAX_LOTS, MAX_PRICE } from './money.js';
import { pageQuery, pagedSchema, ignoredT } from './envelope.js';
import { LANGS } from './languages.js';
import { companySchema } from './settings.js';

/**
 * The configuration API of the admin console (decisions.md "Admin console"): symbols, seconds
 * options, amount presets, base settings, deposit addresses, collection accounts, companies and
 * news. Lists are GET plural nouns, creates POST, changes PUT /:id. A change names only the
 * fields it changes; what it leaves out keeps its stored value. Nothing is ever deleted: a row is
 * retired by `enabled: false` (or `published: false`), so orders and records that cite it stay
 * readable.
 */

export const configItemParams = z.object({ id: idField });
export const configListQuery = z.object({ ...ignoredT });

/** An on/off switch: a JSON boolean, or 1/0 and true/false as a form sends them. */
export const flagField = z.union([z.boolean(), z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true')]);

/** A link staff type: http(s) only, so no `javascript:` or `data:` url reaches a page. */
export const httpUrlField = text.trim().max(500).regex(/^https?:\/\/[^\s<>"']+$/, 'url');
/** An image reference: an http(s) url or a path on this site (an uploaded file, a shipped logo). */
export const imageRefField = text.trim().max(500).regex(/^(https?:\/\/|\/)[^\s<>"']*$/, 'url');
const optionalImageRef = z.union([z.literal(''), imageRefField]);
/** A video staff link: https (an http file would be blocked on an https page) or a path on this site, not `//host`. */
const mediaRefField = text.trim().max(500).regex(/^(https:\/\/|\/(?!\/))[^\s<>"']*$/, 'url');
/** A company's website: an http(s) url, or a path on this site (the platform's own company links `/`). */
const optionalSiteLink = z.union([z.literal(''), imageRefField]);

/**
 * An optional text of a change: absent keeps the stored value, empty (or blank) clears it. Unlike
 * optionalText, absent and empty stay distinguishable.
 */
const blankOr = <T extends z.ZodType<string, string>>(schema: T) => z.union([text.regex(/^\s*$/).transform(() => ''), schema]).optional();

const isPlain = (v: string) => /^\d+(\.\d+)?$/.test(v);

// ---------------------------------------------------------------------------------------------
// Symbols (the market module). No create and no delete: symbols are kept (migration 0007).

export const SYMBOL_SCHEDULES = ['forex', 'always'] as const;
export const MAX_LEVERAGE = 10_000;
/** The largest per-lot fee (fee_rate is numeric(20, 8)). */
export const MAX_FEE_RATE = '1000000';

/** The leverage list: positive integers, strictly increasing (so sorted and unique), 1 to 20 of them. */
export const leverageListField = z
  .array(intIn(1, MAX_LEVERAGE))
  .min(1)
  .max(20)
  .refine((list) => list.every((v, i) => i === 0 || v > list[i - 1]!), 'leverages must be unique and in increasing order');

const positiveLots = boundedDecimalInput(8, MAX_LOTS).refine((v) => isPlain(v) && new Decimal(v).gt(0), 'lots');

export const symbolUpdateInput = z
  .object({
    enabled: flagField.optional(),
    /** Moves the fill against the user, in price units; 0 is no spread. */
    spread: boundedDecimalInput(10, MAX_PRICE).optional(),
    /**
     * Per lot (an amount) or a share of the margin (a fraction in [0, 1)), by the trade_fee_type
     * setting; the server checks the fraction's bound against the setting (config_fee_rate_range).
     */
    fee_rate: boundedDecimalInput(8, MAX_FEE_RATE).optional(),
    leverages: leverageListField.optional(),
    min_cont: positiveLots.optional(),
    /** The most lots one order may hold; null for no maximum beyond the platform's. */
    max_cont: z.union([z.null(), z.literal('').transform(() => null), positiveLots]).optional(),
    schedule: z.enum(SYMBOL_SCHEDULES).optional(),
  })
  // Zod runs this even when a field failed its own check: compare only two well-formed decimals.
  .refine((v) => typeof v.min_cont !== 'string' || typeof v.max_cont !== 'string' || !isPlain(v.min_cont) || !isPlain(v.max_cont) || new Decimal(v.min_cont).lte(v.max_cont), {
    message: 'the minimum lots must not exceed the maximum',
    path: ['max_cont'],
  });
export type SymbolUpdateInput = z.input<typeof symbolUpdateInput>;

export const adminSymbolSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  show_code: z.string(),
  category_id: z.number().int(),
  category_code: z.string(),
  price_precision: z.number().int(),
  pip: z.string(),
  cont_num: z.string(),
  min_cont: z.string(),
  max_cont: z.string().nullable(),
  fee_rate: z.string(),
  spread: z.string(),
  margin_mode: z.number().int(),
  leverages: z.array(z.number().int()),
  schedule: z.enum(SYMBOL_SCHEDULES),
  enabled: z.boolean(),
  sort: z.number().int(),
  /** Pending or holding forex orders on it: a disabled symbol leaves them unpriced until enabled again. */
  open_orders: z.number().int(),
  /** Running options on it: they settle at its next tick. */
  running_options: z.number().int(),
});
export type AdminSymbol = z.infer<typeof adminSymbolSchema>;

// ---------------------------------------------------------------------------------------------
// Seconds options and amount presets (the micro module).

const profitRatioField = boundedDecimalInput(4, '100').refine((v) => isPlain(v) && new Decimal(v).gt(0), 'profit ratio must be above 0');
const stakeField = boundedDecimalInput(2, MAX_AMOUNT);
const positiveStake = stakeField.refine((v) => isPlain(v) && new Decimal(v).gt(0), 'amount');

export const secondsOptionCreateInput = z.object({
  seconds: intIn(1, 86_400),
  /** A fraction: 0.85 pays 85 % of the stake on a win. */
  profit_ratio: profitRatioField,
  /** The smallest stake this option takes. */
  limit_amount: stakeField,
  sort: intIn(0, 100_000).optional(),
  enabled: flagField.optional(),
});
/** The seconds of an option are its identity in the orders that used it: they are not changed, a new option is made. */
export const secondsOptionUpdateInput = secondsOptionCreateInput.omit({ seconds: true }).partial();
export const adminSecondsOptionSchema = z.object({
  id: z.number().int(),
  seconds: z.number().int(),
  profit_ratio: z.string(),
  limit_amount: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
});
export type AdminSecondsOption = z.infer<typeof adminSecondsOptionSchema>;

export const amountPresetCreateInput = z.object({ amount: positiveStake, sort: intIn(0, 100_000).optional(), enabled: flagField.optional() });
export const amountPresetUpdateInput = amountPresetCreateInput.partial();
export const adminAmountPresetSchema = z.object({ id: z.number().int(), amount: z.string(), sort: z.number().int(), enabled: z.boolean() });
export type AdminAmountPreset = z.infer<typeof adminAmountPresetSchema>;

// ---------------------------------------------------------------------------------------------
// Base settings (the settings module): a typed registry of the known keys.

export type SettingKind =
  | { type: 'choice'; options: readonly { value: string; label: string }[] }
  | { type: 'decimal'; min: string; max: string; places: number }
  | { type: 'url' }
  /** A media file: an https url or a path on this site (a shipped clip); the app's CSP plays no other. */
  | { type: 'media' }
  | { type: 'email' }
  | { type: 'text'; max: number };

export interface SettingDefinition {
  key: string;
  /** The console groups the form by topic. */
  group: 'support' | 'registration' | 'trading' | 'wallet' | 'company' | 'content';
  label: string;
  help: string;
  kind: SettingKind;
  /** May be left empty (the app then uses its built-in behaviour). */
  optional?: boolean;
}

/**
 * Every base setting staff may change, with how its value is checked. A key not listed here is
 * not writable through the console (the private `seeded_at`, for one). Labels are the console's
 * English fallback; the console translates by key.
 */
export const SETTING_DEFINITIONS = [
  { key: 'service_link', group: 'support', label: 'Customer service link', help: 'Empty: the built-in support chat', kind: { type: 'url' }, optional: true },
  {
    key: 'service_link_type',
    group: 'support',
    label: 'Customer service link opens as',
    help: 'How the chat page uses the link',
    kind: { type: 'choice', options: [{ value: '1', label: 'Embedded page' }, { value: '2', label: 'Copy the link' }, { value: '3', label: 'Open in a new window' }] },
  },
  {
    key: 'verify_reg_type',
    group: 'registration',
    label: 'Registration check',
    help: 'What a new user proves when registering',
    kind: { type: 'choice', options: [{ value: '1', label: 'Code by e-mail or text' }, { value: '2', label: 'Captcha image' }] },
  },
  {
    key: 'trade_fee_type',
    group: 'trading',
    label: 'Forex fee type',
    help: 'How a symbol\'s fee rate is applied',
    kind: { type: 'choice', options: [{ value: '1', label: 'Per lot' }, { value: '2', label: 'Share of the margin' }] },
  },
  {
    key: 'micro_loss_level',
    group: 'trading',
    label: 'Option loss level',
    help: 'What a lost option costs',
    kind: { type: 'choice', options: [{ value: '0', label: 'The whole stake' }, { value: '1', label: 'The profit figure' }] },
  },
  { key: 'stop_out_level', group: 'trading', label: 'Stop-out level (%)', help: 'At or below this risk rate every position of the user is closed', kind: { type: 'decimal', min: '1', max: '1000', places: 2 } },
  {
    key: 'sample_traders',
    group: 'trading',
    label: 'Sample traders',
    help: 'The sample traders trade on the simulated market (SAMPLE_TRADERS=0 at start switches them off)',
    kind: { type: 'choice', options: [{ value: '1', label: 'Trading' }, { value: '0', label: 'Stopped' }] },
  },
  { key: 'follow_profit_share', group: 'trading', label: 'Copy trading profit share (%)', help: 'Share of a closed copy\'s profit paid by the follower to the trader', kind: { type: 'decimal', min: '0', max: '100', places: 2 } },
  {
    key: 'withdraw_method_wait_hours',
    group: 'wallet',
    label: 'Waiting time of a new withdrawal method (hours)',
    help: 'A withdrawal method bound less than this many hours ago cannot be withdrawn to; 0: at once',
    kind: { type: 'decimal', min: '0', max: '720', places: 2 },
  },
  { key: 'company_email', group: 'company', label: 'Company e-mail', help: 'Shown to users as the complaint address', kind: { type: 'email' } },
  {
    key: 'company_status',
    group: 'company',
    label: 'Company status',
    help: 'Not 0: the app sends users to the loss page',
    kind: { type: 'choice', options: [{ value: '0', label: 'Normal' }, { value: '1', label: 'Suspended' }] },
  },
  { key: 'company_status_type', group: 'company', label: 'Company status type', help: 'Passed to the app with the status', kind: { type: 'choice', options: [{ value: '0', label: '0' }, { value: '1', label: '1' }, { value: '2', label: '2' }] } },
  { key: 'loss_url', group: 'company', label: 'Loss page link', help: 'Where the app sends users when the company status is not 0', kind: { type: 'url' }, optional: true },
  { key: 'main_mode', group: 'company', label: 'Main mode', help: 'The app\'s main mode', kind: { type: 'choice', options: [{ value: '1', label: '1' }, { value: '2', label: '2' }] } },
  { key: 'pc_url', group: 'company', label: 'Desktop site link', help: 'Empty: desktop browsers see the phone layout without a link', kind: { type: 'url' }, optional: true },
  { key: 'video_url_1', group: 'content', label: 'First video', help: 'The first video of the video page: an https link or a path on this site', kind: { type: 'media' } },
  { key: 'video_url_2', group: 'content', label: 'Second video', help: 'The second video of the video page: an https link or a path on this site', kind: { type: 'media' } },
] as const satisfies readonly SettingDefinition[];
export type SettingKey = (typeof SETTING_DEFINITIONS)[number]['key'];

const settingByKey = new Map<string, SettingDefinition>(SETTING_DEFINITIONS.map((d) => [d.key, d]));
export function settingDefinition(key: string): SettingDefinition | undefined {
  return settingByKey.get(key);
}

const emailValue = text.trim().max(200).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'email');

/** The value schema of one setting, from its kind: what the server checks and the console's form validates with. */
export function settingValueSchema(def: SettingDefinition): z.ZodType<string, unknown> {
  let schema: z.ZodType<string, unknown>;
  switch (def.kind.type) {
    case 'choice': {
      const values = def.kind.options.map((o) => o.value);
      schema = text.refine((v) => values.includes(v), 'not one of the choices');
      break;
    }
    case 'decimal': {
      const { min, max, places } = def.kind;
      schema = boundedDecimalInput(places, max).refine((v) => isPlain(v) && new Decimal(v).gte(min), `at least ${min}`);
      break;
    }
    case 'url':
      schema = httpUrlField;
      break;
    case 'media':
      schema = mediaRefField;
      break;
    case 'email':
      schema = emailValue;
      break;
    case 'text':
      schema = requiredText(def.kind.max);
      break;
  }
  return def.optional ? z.union([z.literal(''), schema]) : schema;
}

/** Setting keys travel as path params: only the registry's shape of name. */
export const settingKeyParams = z.object({ key: text.regex(/^[a-z][a-z0-9_]{1,63}$/, 'key') });
/** The value as typed; it is checked against the key's kind by the server (config_setting_invalid). */
export const settingUpdateInput = z.object({ value: z.union([text.max(500), z.number()]).transform((v) => String(v)) });
export const adminSettingSchema = z.object({ key: z.string(), value: z.string(), group: z.string(), label: z.string(), help: z.string() });
export type AdminSetting = z.infer<typeof adminSettingSchema>;

// ---------------------------------------------------------------------------------------------
// Companies (the settings module).

export const companyCreateInput = z.object({
  name: requiredText(200),
  logo: optionalImageRef.optional(),
  url: optionalSiteLink.optional(),
  subject: blankOr(requiredText(500)),
  registered_address: blankOr(requiredText(500)),
  location: blankOr(requiredText(200)),
  email: z.union([z.literal(''), emailValue]).optional(),
  /** The company the app shows as its own; making one main makes the previous one not. */
  is_main: flagField.optional(),
  enabled: flagField.optional(),
});
export const companyUpdateInput = companyCreateInput.partial();
/** A company as the app shows it, plus what only staff see: main or not, switched on or off. */
export const adminCompanySchema = companySchema.extend({ is_main: z.boolean(), enabled: z.boolean() });
export type AdminCompany = z.infer<typeof adminCompanySchema>;

// ---------------------------------------------------------------------------------------------
// Deposit addresses and collection accounts (the deposits module).

const codeField = text.trim().regex(/^[A-Za-z0-9]{2,16}$/, 'code');
export const depositAddressCreateInput = z.object({
  currency_code: codeField,
  protocol_code: text.trim().regex(/^[A-Za-z0-9-]{1,16}$/, 'code'),
  address: text.trim().regex(/^[A-Za-z0-9:_-]{10,128}$/, 'address'),
  sort: intIn(0, 100_000).optional(),
  enabled: flagField.optional(),
});
export const depositAddressUpdateInput = depositAddressCreateInput.partial();
export const adminDepositAddressSchema = z.object({
  id: z.number().int(),
  currency_code: z.string(),
  protocol_code: z.string(),
  address: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
});
export type AdminDepositAddress = z.infer<typeof adminDepositAddressSchema>;

/** A currency bank deposits can be made in (`bank_coin`). */
export const bankCoinCreateInput = z.object({ name: codeField, sort: intIn(0, 100_000).optional(), enabled: flagField.optional() });
export const bankCoinUpdateInput = bankCoinCreateInput.partial();
export const adminBankCoinSchema = z.object({ id: z.number().int(), name: z.string(), sort: z.number().int(), enabled: z.boolean() });
export type AdminBankCoin = z.infer<typeof adminBankCoinSchema>;

export const bankAccountCreateInput = z.object({
  bank_coin_id: idField,
  bank_name: requiredText(200),
  bank_address: blankOr(requiredText(300)),
  bank_swift: z.union([z.literal(''), text.trim().regex(/^[A-Za-z0-9]{8,11}$/, 'swift')]).optional(),
  payee_name: requiredText(200),
  payee_account: text.trim().regex(/^[A-Za-z0-9 -]{4,64}$/, 'account'),
  bank_remark: blankOr(requiredText(500)),
  enabled: flagField.optional(),
});
export const bankAccountUpdateInput = bankAccountCreateInput.partial();
export const adminBankAccountSchema = z.object({
  id: z.number().int(),
  bank_coin_id: z.number().int(),
  bank_coin: z.string(),
  bank_name: z.string(),
  bank_address: z.string(),
  bank_swift: z.string(),
  payee_name: z.string(),
  payee_account: z.string(),
  bank_remark: z.string(),
  enabled: z.boolean(),
});
export type AdminBankAccount = z.infer<typeof adminBankAccountSchema>;

// ---------------------------------------------------------------------------------------------
// News (the content module).

/** News categories (the spec's list reads category 1). */
export const NEWS_CATEGORIES = [1, 2, 3] as const;
export const NEWS_CONTENT_MAX = 100_000;

export const newsCreateInput = z.object({
  title: requiredText(200),
  desc: blankOr(requiredText(500)),
  /** Html from the editor; sanitized on save (an allow-list of tags and attributes). */
  content: multiLineText.max(NEWS_CONTENT_MAX),
  category_id: intIn(1, 3),
  logo: optionalImageRef.optional(),
  /** One of the app's languages, or empty for every language. */
  language: z.union([z.literal(''), z.enum(LANGS)]).optional(),
  published: flagField.optional(),
  /**
   * The original this article translates (its `language` is then the translation's language):
   * users reading that language see it in place of the original. Empty or null: an original.
   */
  translation_of: z.union([z.literal('').transform(() => null), z.null(), idField]).optional(),
});
export const newsUpdateInput = newsCreateInput.partial();
export const newsListQuery = z.object({ ...pageQuery.shape, ...ignoredT });
export const adminNewsSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  desc: z.string(),
  content: z.string(),
  category_id: z.number().int(),
  logo: z.string(),
  language: z.string(),
  published: z.boolean(),
  translation_of: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminNews = z.infer<typeof adminNewsSchema>;
export const adminNewsPageSchema = pagedSchema(adminNewsSchema);
