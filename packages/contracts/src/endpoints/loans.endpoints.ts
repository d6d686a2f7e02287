import { z } from 'zod';
import { access, defineEndpoint, FILE_OUTPUT } from './define-endpoint.js';
import { ignoredT } from '../envelope.js';
import { adminDecisionSchema, adminItemParams, adminRejectInput } from '../admin-review.js';
import { configItemParams, configListQuery } from '../admin-config.js';
import {
  adminLoanConfigSchema,
  adminLoanKycPageSchema,
  adminLoanPageSchema,
  adminLoanQueueQuery,
  getDateQuery,
  getDateSchema,
  loanConfigCreateInput,
  loanConfigInfoQuery,
  loanConfigInfoSchema,
  loanConfigSchema,
  loanConfigUpdateInput,
  loanIdParams,
  loanIdQuery,
  loanKycInput,
  loanKycSchema,
  loanListQuery,
  loanPageSchema,
  loanRecordSchema,
  loanSubmitInput,
  repaymentAccountSchema,
  repaymentInfoQuery,
  repaymentInfoSchema,
  repaymentInput,
} from '../loans.js';
import { adminApproveInput } from '../admin-review.js';

const tags = ['loan'];
const noQuery = z.object(ignoredT);
/** Loans are real money: demo accounts are refused (only_true_account). */
const real = { access: access.real, tags } as const;
const read = { ...real, methods: ['GET'], idempotent: false } as const;

export const loansEndpoints = {
  /** The user's KYC state (status 0 before any submission). */
  info: defineEndpoint({ ...read, path: '/api/loan/info', input: noQuery, output: loanKycSchema }),
  kycSubmit: defineEndpoint({ ...real, methods: ['POST'], path: '/api/loan/kyc_submit', input: loanKycInput, output: loanKycSchema, idempotent: true }),
  configs: defineEndpoint({ ...read, path: '/api/loan/loan_config', input: noQuery, output: z.array(loanConfigSchema) }),
  submit: defineEndpoint({ ...real, methods: ['POST'], path: '/api/loan/loan_submit', input: loanSubmitInput, output: loanRecordSchema, idempotent: true }),
  getDate: defineEndpoint({ ...read, path: '/api/loan/get_date', input: getDateQuery, output: getDateSchema }),
  configInfo: defineEndpoint({ ...read, path: '/api/loan/config_info', input: loanConfigInfoQuery, output: loanConfigInfoSchema }),
  list: defineEndpoint({ ...read, path: '/api/loan/loan_list', input: loanListQuery, output: loanPageSchema }),
  loanInfo: defineEndpoint({ ...read, path: '/api/loan/loan_info', input: loanIdQuery, output: loanRecordSchema }),
  /** The signed agreement as a PDF (its owner only). */
  agreementPdf: defineEndpoint({ ...read, path: '/api/loan/agreement_pdf', input: loanIdQuery, output: FILE_OUTPUT }),
  repaymentInfo: defineEndpoint({ ...read, path: '/api/loan/repayment_info', input: repaymentInfoQuery, output: repaymentInfoSchema }),
  repaymentAccounts: defineEndpoint({ ...read, path: '/api/loan/repayment_accounts', input: noQuery, output: z.array(repaymentAccountSchema) }),
  repayment: defineEndpoint({ ...real, methods: ['POST'], path: '/api/loan/repayment', input: repaymentInput, output: loanRecordSchema, idempotent: true }),
};

const reviewer = access.admin('admin', 'reviewer');
const adminTags = ['admin'];
const queue = { methods: ['GET'], input: adminLoanQueueQuery, access: reviewer, idempotent: false, tags: adminTags } as const;
const decision = { methods: ['POST'], params: adminItemParams, output: adminDecisionSchema, access: reviewer, idempotent: false, tags: adminTags } as const;
const config = { access: access.admin('admin'), idempotent: false, tags: ['admin-config'] } as const;

/** The three loan queues and the loan terms of the console (decisions.md "Loans"). */
export const adminLoansEndpoints = {
  kyc: defineEndpoint({ ...queue, path: '/admin/api/loan-kyc', output: adminLoanKycPageSchema }),
  approveKyc: defineEndpoint({ ...decision, path: '/admin/api/loan-kyc/:id/approve', input: adminApproveInput }),
  rejectKyc: defineEndpoint({ ...decision, path: '/admin/api/loan-kyc/:id/reject', input: adminRejectInput }),
  loans: defineEndpoint({ ...queue, path: '/admin/api/loans', output: adminLoanPageSchema }),
  approveLoan: defineEndpoint({ ...decision, path: '/admin/api/loans/:id/approve', input: adminApproveInput }),
  rejectLoan: defineEndpoint({ ...decision, path: '/admin/api/loans/:id/reject', input: adminRejectInput }),
  /** Loans whose repayment waits (status 4 by default). */
  repayments: defineEndpoint({ ...queue, path: '/admin/api/loan-repayments', output: adminLoanPageSchema }),
  confirmRepayment: defineEndpoint({ ...decision, path: '/admin/api/loan-repayments/:id/approve', input: adminApproveInput }),
  rejectRepayment: defineEndpoint({ ...decision, path: '/admin/api/loan-repayments/:id/reject', input: adminRejectInput }),
  agreementPdf: defineEndpoint({ methods: ['GET'], path: '/admin/api/loans/:id/agreement.pdf', params: loanIdParams, input: noQuery, output: FILE_OUTPUT, access: reviewer, idempotent: false, tags: adminTags }),
  configs: defineEndpoint({ ...config, methods: ['GET'], path: '/admin/api/loan-configs', input: configListQuery, output: z.array(adminLoanConfigSchema) }),
  createConfig: defineEndpoint({ ...config, methods: ['POST'], path: '/admin/api/loan-configs', input: loanConfigCreateInput, output: adminLoanConfigSchema }),
  updateConfig: defineEndpoint({ ...config, methods: ['PUT'], path: '/admin/api/loan-configs/:id', params: configItemParams, input: loanConfigUpdateInput, output: adminLoanConfigSchema }),
};
