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

function list<const P extends string, O extends z.ZodType>(path: P, output: O) {
  return defineEndpoint({ ...common, methods: ['GET'], path, input: configListQuery, output: z.array(output) });
}
function create<const P extends string, I extends z.ZodType, O extends z.ZodType>(path: P, input: I, output: O) {
  return defineEndpoint({ ...common, methods: ['POST'], path, input, output });
}
function change<const P extends string, I extends z.ZodType, O extends z.ZodType>(path: P, input: I, output: O) {
  return defineEndpoint({ ...common, methods: ['PUT'], path, params: configItemParams, input, output });
}

/**
 * The configuration API (decisions.md "Admin console"): `GET` lists, `POST` creates, `PUT /:id`
 * changes. Each lives in the module that owns the table (symbols in market, options and presets
 * in micro, settings and companies in settings, addresses and collection accounts in deposits,
 * news in content). Every change is audited with before and after, and reaches the running
 * engine without a restart (`config.changed` on the bus).
 */
export const adminConfigEndpoints = {
  symbols: list('/admin/api/symbols', adminSymbolSchema),
  updateSymbol: change('/admin/api/symbols/:id', symbolUpdateInput, adminSymbolSchema),

  secondsOptions: list('/admin/api/seconds-options', adminSecondsOptionSchema),
  createSecondsOption: create('/admin/api/seconds-options', secondsOptionCreateInput, adminSecondsOptionSchema),
  updateSecondsOption: change('/admin/api/seconds-options/:id', secondsOptionUpdateInput, adminSecondsOptionSchema),

  amountPresets: list('/admin/api/amount-presets', adminAmountPresetSchema),
  createAmountPreset: create('/admin/api/amount-presets', amountPresetCreateInput, adminAmountPresetSchema),
  updateAmountPreset: change('/admin/api/amount-presets/:id', amountPresetUpdateInput, adminAmountPresetSchema),

  settings: list('/admin/api/settings', adminSettingSchema),
  /** By key rather than id: the registry of known keys is the list. */
  updateSetting: defineEndpoint({ ...common, methods: ['PUT'], path: '/admin/api/settings/:key', params: settingKeyParams, input: settingUpdateInput, output: adminSettingSchema }),

  companies: list('/admin/api/companies', adminCompanySchema),
  createCompany: create('/admin/api/companies', companyCreateInput, adminCompanySchema),
  updateCompany: change('/admin/api/companies/:id', companyUpdateInput, adminCompanySchema),

  depositAddresses: list('/admin/api/deposit-addresses', adminDepositAddressSchema),
  createDepositAddress: create('/admin/api/deposit-addresses', depositAddressCreateInput, adminDepositAddressSchema),
  updateDepositAddress: change('/admin/api/deposit-addresses/:id', depositAddressUpdateInput, adminDepositAddressSchema),

  bankCoins: list('/admin/api/bank-coins', adminBankCoinSchema),
  createBankCoin: create('/admin/api/bank-coins', bankCoinCreateInput, adminBankCoinSchema),
  updateBankCoin: change('/admin/api/bank-coins/:id', bankCoinUpdateInput, adminBankCoinSchema),

  bankAccounts: list('/admin/api/bank-accounts', adminBankAccountSchema),
  createBankAccount: create('/admin/api/bank-accounts', bankAccountCreateInput, adminBankAccountSchema),
  updateBankAccount: change('/admin/api/bank-accounts/:id', bankAccountUpdateInput, adminBankAccountSchema),

  news: defineEndpoint({ ...common, methods: ['GET'], path: '/admin/api/news', input: newsListQuery, output: adminNewsPageSchema }),
  createNews: create('/admin/api/news', newsCreateInput, adminNewsSchema),
  updateNews: change('/admin/api/news/:id', newsUpdateInput, adminNewsSchema),
};
