import { z } from 'zod';
import { access, defineEndpoint } from './define-endpoint.js';
import {
  adminAmountPresetSchema,
  adminBankAccountSchema,
  adminBankCoinSchema,
  adminCompanySchema,
  adminDepositAddressSchema,
  adminNewsPageSchema,
  adminNewsSchema,
  adminSecondsOptionSchema,
  adminSettingSchema,
  adminSymbolSchema,
  amountPresetCreateInput,
  amountPresetUpdateInput,
  bankAccountCreateInput,
  bankAccountUpdateInput,
  bankCoinCreateInput,
  bankCoinUpdateInput,
  companyCreateInput,
  companyUpdateInput,
  configItemParams,
  configListQuery,
  depositAddressCreateInput,
  depositAddressUpdateInput,
  newsCreateInput,
  newsListQuery,
  newsUpdateInput,
  secondsOptionCreateInput,
  secondsOptionUpdateInput,
  settingKeyParams,
  settingUpdateInput,
  symbolUpdateInput,
} from '../admin-config.js';

const tags = ['admin-config'];
/** Configuration is the admin role's alone (reading it too: it names collection accounts and addresses). */
const admin = access.admin('admin');
const common = { access: admin, idempotent: false, tags } as const;

function list<const P extends string, O extends z.ZodType>(path: P, output: O, summary: string) {
  return defineEndpoint({ ...common, summary, methods: ['GET'], path, input: configListQuery, output: z.array(output) });
}
function create<const P extends string, I extends z.ZodType, O extends z.ZodType>(path: P, input: I, output: O, summary: string) {
  return defineEndpoint({ ...common, summary, methods: ['POST'], path, input, output });
}
function change<const P extends string, I extends z.ZodType, O extends z.ZodType>(path: P, input: I, output: O, summary: string) {
  return defineEndpoint({ ...common, summary, methods: ['PUT'], path, params: configItemParams, input, output });
}

/**
 * The configuration API (decisions.md "Admin console"): `GET` lists, `POST` creates, `PUT /:id`
 * changes. Each lives in the module that owns the table (symbols in market, options and presets
 * in micro, settings and companies in settings, addresses and collection accounts in deposits,
 * news in content). Every change is audited with before and after, and reaches the running
 * engine without a restart (`config.changed` on the bus).
 */
export const adminConfigEndpoints = {
  symbols: list('/admin/api/symbols', adminSymbolSchema, 'List the trade symbols with their trading settings'),
  updateSymbol: change('/admin/api/symbols/:id', symbolUpdateInput, adminSymbolSchema, "Change a trade symbol's settings (spread, lots, fee, leverages, on/off)"),

  secondsOptions: list('/admin/api/seconds-options', adminSecondsOptionSchema, 'List the timed options (duration, profit and loss ratios, minimum stake)'),
  createSecondsOption: create('/admin/api/seconds-options', secondsOptionCreateInput, adminSecondsOptionSchema, 'Add a timed option'),
  updateSecondsOption: change('/admin/api/seconds-options/:id', secondsOptionUpdateInput, adminSecondsOptionSchema, 'Change a timed option; its duration stays, being its identity'),

  amountPresets: list('/admin/api/amount-presets', adminAmountPresetSchema, 'List the preset stakes of the option order form'),
  createAmountPreset: create('/admin/api/amount-presets', amountPresetCreateInput, adminAmountPresetSchema, 'Add a preset stake'),
  updateAmountPreset: change('/admin/api/amount-presets/:id', amountPresetUpdateInput, adminAmountPresetSchema, 'Change a preset stake'),

  settings: list('/admin/api/settings', adminSettingSchema, 'List the base settings staff may change, with their current values'),
  /** By key rather than id: the registry of known keys is the list. */
  updateSetting: defineEndpoint({ summary: 'Change one base setting, checked against its kind', ...common, methods: ['PUT'], path: '/admin/api/settings/:key', params: settingKeyParams, input: settingUpdateInput, output: adminSettingSchema }),

  companies: list('/admin/api/companies', adminCompanySchema, 'List the companies the app shows'),
  createCompany: create('/admin/api/companies', companyCreateInput, adminCompanySchema, 'Add a company'),
  updateCompany: change('/admin/api/companies/:id', companyUpdateInput, adminCompanySchema, 'Change a company'),

  depositAddresses: list('/admin/api/deposit-addresses', adminDepositAddressSchema, 'List the coin deposit addresses'),
  createDepositAddress: create('/admin/api/deposit-addresses', depositAddressCreateInput, adminDepositAddressSchema, 'Add a coin deposit address'),
  updateDepositAddress: change('/admin/api/deposit-addresses/:id', depositAddressUpdateInput, adminDepositAddressSchema, 'Change a coin deposit address'),

  bankCoins: list('/admin/api/bank-coins', adminBankCoinSchema, 'List the currencies bank deposits can be made in'),
  createBankCoin: create('/admin/api/bank-coins', bankCoinCreateInput, adminBankCoinSchema, 'Add a bank deposit currency'),
  updateBankCoin: change('/admin/api/bank-coins/:id', bankCoinUpdateInput, adminBankCoinSchema, 'Change a bank deposit currency'),

  bankAccounts: list('/admin/api/bank-accounts', adminBankAccountSchema, 'List the collection bank accounts'),
  createBankAccount: create('/admin/api/bank-accounts', bankAccountCreateInput, adminBankAccountSchema, 'Add a collection bank account'),
  updateBankAccount: change('/admin/api/bank-accounts/:id', bankAccountUpdateInput, adminBankAccountSchema, 'Change a collection bank account'),

  news: defineEndpoint({ summary: 'List news articles, published or not (paged)', ...common, methods: ['GET'], path: '/admin/api/news', input: newsListQuery, output: adminNewsPageSchema }),
  createNews: create('/admin/api/news', newsCreateInput, adminNewsSchema, 'Write a news article'),
  updateNews: change('/admin/api/news/:id', newsUpdateInput, adminNewsSchema, 'Change a news article or publish or withdraw it'),
};
