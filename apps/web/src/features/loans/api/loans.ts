import { queryOptions } from '@tanstack/react-query';
import {
  loansEndpoints,
  realNameEndpoints,
  settingsEndpoints,
  type EndpointData,
  type LoanConfig,
  type LoanConfigInfo,
  type LoanKyc,
  type LoanKycInput,
  type LoanRecord,
  type Paged,
  type RealNameCenter,
  type RepaymentAccount,
  type RepaymentInfo,
} from '@tp/contracts';
import { call, fetchPrivateFile } from '../../../lib/api/client';
import { saveFile } from '../../../lib/save-file';

/** Query keys of the loan screens, per signed-in token (another login never sees them). */
export const loanKeys = {
  kyc: (token: string | null) => ['loan', token, 'kyc'] as const,
  configs: (token: string | null) => ['loan', token, 'configs'] as const,
  configInfo: (token: string | null, id: number, amount: string) => ['loan', token, 'config', id, amount] as const,
  list: (token: string | null) => ['loan', token, 'list'] as const,
  loan: (token: string | null, id: number) => ['loan', token, 'loan', id] as const,
  repayment: (token: string | null, id: number) => ['loan', token, 'repayment', id] as const,
  accounts: (token: string | null) => ['loan', token, 'accounts'] as const,
  realName: (token: string | null) => ['loan', token, 'real-name'] as const,
  areas: ['loan', 'areas'] as const,
};

/** A country or region of the platform's list (GET /api/default/area_list): ISO code, dialling code, English name. */
export type Area = EndpointData<typeof settingsEndpoints.areaList>[number];
export const fetchAreas = (signal?: AbortSignal): Promise<Area[]> => call(settingsEndpoints.areaList, undefined, { signal });
/**
 * The real-name verification (GET /api/user_real/center), read to fill in what it already holds.
 * Silent: without it the form is simply empty, as before.
 */
export const fetchRealName = (signal?: AbortSignal): Promise<RealNameCenter> => call(realNameEndpoints.center, {}, { signal, silent: true });

export const fetchKyc = (signal?: AbortSignal): Promise<LoanKyc> => call(loansEndpoints.info, undefined, { signal });
/**
 * The identity check state behind /loan; also started before the first render when the app opens
 * there. Fresh for a moment, so the screen mounting just after that answer does not ask again (a
 * submit invalidates it at once).
 */
export const kycQuery = (token: string | null) => queryOptions({ queryKey: loanKeys.kyc(token), queryFn: ({ signal }) => fetchKyc(signal), staleTime: 10_000 });
export const fetchConfigs = (signal?: AbortSignal): Promise<LoanConfig[]> => call(loansEndpoints.configs, undefined, { signal });
export const fetchConfigInfo = (id: number, amount: string, signal?: AbortSignal): Promise<LoanConfigInfo> =>
  call(loansEndpoints.configInfo, { id, amount }, { signal, silent: true });
export const fetchLoans = (page: number, signal?: AbortSignal): Promise<Paged<LoanRecord>> => call(loansEndpoints.list, { page }, { signal });
// Silent: a loan that is not there is the screen's "not found", not a toast on top of it.
export const fetchLoan = (id: number, signal?: AbortSignal): Promise<LoanRecord> => call(loansEndpoints.loanInfo, { id }, { signal, silent: true });
export const fetchRepaymentInfo = (loanId: number, signal?: AbortSignal): Promise<RepaymentInfo> =>
  call(loansEndpoints.repaymentInfo, { loan_id: loanId }, { signal, silent: true });
export const fetchRepaymentAccounts = (signal?: AbortSignal): Promise<RepaymentAccount[]> => call(loansEndpoints.repaymentAccounts, undefined, { signal });

export const submitKyc = (form: LoanKycInput, idempotencyKey: string): Promise<LoanKyc> => call(loansEndpoints.kycSubmit, { ...form }, { idempotencyKey, announce: true });
export const submitLoan = (form: { amount: string; config_id: number; sign: string; agreement: string }, idempotencyKey: string): Promise<LoanRecord> =>
  call(loansEndpoints.submit, form, { idempotencyKey, announce: true });
export const submitRepayment = (form: { charge_id: number; loan_id: number; proofImg?: string }, idempotencyKey: string): Promise<LoanRecord> =>
  call(loansEndpoints.repayment, form, { idempotencyKey, announce: true });


/** The signed agreement's PDF, fetched with the token and saved by the browser. */
export async function downloadAgreementPdf(id: number): Promise<void> {
  saveFile(await fetchPrivateFile(`${loansEndpoints.agreementPdf.path}?id=${id}`), `loan-agreement-${id}.pdf`);
}
