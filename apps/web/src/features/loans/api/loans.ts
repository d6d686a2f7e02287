import { queryOptions } from '@tanstack/react-query';
import {
  loansEndpoints,
  type LoanConfig,
  type LoanConfigInfo,
  type LoanKyc,
  type LoanKycInput,
  type LoanRecord,
  type Paged,
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
};

export const fetchKyc = (signal?: AbortSignal): Promise<LoanKyc> => call(loansEndpoints.info, undefined, { signal });
/**
 * The identity check state behind /loan; also started before the first render when the app opens
 * there. Fresh for a moment, so the screen mounting just after that answer does not ask again (a
 * submit invalidates it at once).
 */
export const kycQuery = (token: string | null) => queryOptions({ queryKey: loanKeys.kyc(token), queryFn: ({ signal }) => fetchKyc(signal), staleTime: 10_000 });
export const fetchConfigs = (signal?: AbortSignal): Promise<LoanConfig[]> => call(loansEndpoints.configs, undefined, { signal });
export const fetchConfigInfo = (id: number, amount: string, signal?: AbortSignal): Promise<LoanConfigInfo> =>
  call(loansEndpoints.configInfo, { id, amount }, { signal });
export const fetchLoans = (page: number, signal?: AbortSignal): Promise<Paged<LoanRecord>> => call(loansEndpoints.list, { page }, { signal });
export const fetchLoan = (id: number, signal?: AbortSignal): Promise<LoanRecord> => call(loansEndpoints.loanInfo, { id }, { signal });
export const fetchRepaymentInfo = (loanId: number, signal?: AbortSignal): Promise<RepaymentInfo> => call(loansEndpoints.repaymentInfo, { loan_id: loanId }, { signal });
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
