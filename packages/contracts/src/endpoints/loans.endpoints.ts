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
  info: defineEndpoint({ summary: "The caller's identity check for loans (status 0 before any submission)", ...read, path: '/api/loan/info', input: noQuery, output: loanKycSchema }),
  kycSubmit: defineEndpoint({ summary: 'Submit the identity check for loans, for review', ...real, methods: ['POST'], path: '/api/loan/kyc_submit', input: loanKycInput, output: loanKycSchema, idempotent: true }),
  configs: defineEndpoint({ summary: 'The loan products one can apply for', ...read, path: '/api/loan/loan_config', input: noQuery, output: z.array(loanConfigSchema) }),
  submit: defineEndpoint({ summary: 'Apply for a loan with a signed agreement, for review', ...real, methods: ['POST'], path: '/api/loan/loan_submit', input: loanSubmitInput, output: loanRecordSchema, idempotent: true }),
  getDate: defineEndpoint({ summary: "Today's date and the due date a loan taken now would have", ...read, path: '/api/loan/get_date', input: getDateQuery, output: getDateSchema }),
  configInfo: defineEndpoint({ summary: "A loan product's terms and agreement for an amount, as an application will store them", ...read, path: '/api/loan/config_info', input: loanConfigInfoQuery, output: loanConfigInfoSchema }),
  list: defineEndpoint({ summary: "The caller's loans (paged)", ...read, path: '/api/loan/loan_list', input: loanListQuery, output: loanPageSchema }),
  loanInfo: defineEndpoint({ summary: "One of the caller's loans", ...read, path: '/api/loan/loan_info', input: loanIdQuery, output: loanRecordSchema }),
  /** The signed agreement as a PDF (its owner only). */
  agreementPdf: defineEndpoint({ summary: "The signed agreement of one of the caller's loans, as a PDF", ...read, path: '/api/loan/agreement_pdf', input: loanIdQuery, output: FILE_OUTPUT, fileTypes: ['application/pdf'] }),
  repaymentInfo: defineEndpoint({ summary: "What a loan's repayment comes to today, penalty included", ...read, path: '/api/loan/repayment_info', input: repaymentInfoQuery, output: repaymentInfoSchema }),
  repaymentAccounts: defineEndpoint({ summary: 'The bank accounts a loan is repaid to', ...read, path: '/api/loan/repayment_accounts', input: noQuery, output: z.array(repaymentAccountSchema) }),
  repayment: defineEndpoint({ summary: "Report a loan's repayment (with a proof image), for review", ...real, methods: ['POST'], path: '/api/loan/repayment', input: repaymentInput, output: loanRecordSchema, idempotent: true }),
};

const reviewer = access.admin('admin', 'reviewer');
const adminTags = ['admin'];
const queue = { methods: ['GET'], input: adminLoanQueueQuery, access: reviewer, idempotent: false, tags: adminTags } as const;
const decision = { methods: ['POST'], params: adminItemParams, output: adminDecisionSchema, access: reviewer, idempotent: false, tags: adminTags } as const;
const config = { access: access.admin('admin'), idempotent: false, tags: ['admin-config'] } as const;

/** The three loan queues and the loan terms of the console (decisions.md "Loans"). */
export const adminLoansEndpoints = {
  kyc: defineEndpoint({ summary: 'The loan identity check review queue (paged)', ...queue, path: '/admin/api/loan-kyc', output: adminLoanKycPageSchema }),
  approveKyc: defineEndpoint({ summary: 'Approve a loan identity check', ...decision, path: '/admin/api/loan-kyc/:id/approve', input: adminApproveInput }),
  rejectKyc: defineEndpoint({ summary: 'Reject a loan identity check with a reason', ...decision, path: '/admin/api/loan-kyc/:id/reject', input: adminRejectInput }),
  loans: defineEndpoint({ summary: 'The loan application review queue (paged)', ...queue, path: '/admin/api/loans', output: adminLoanPageSchema }),
  approveLoan: defineEndpoint({ summary: "Approve a loan: the amount is paid into the user's account", ...decision, path: '/admin/api/loans/:id/approve', input: adminApproveInput }),
  rejectLoan: defineEndpoint({ summary: 'Reject a loan application with a reason', ...decision, path: '/admin/api/loans/:id/reject', input: adminRejectInput }),
  /** Loans whose repayment waits (status 4 by default). */
  repayments: defineEndpoint({ summary: 'The loan repayment review queue (paged)', ...queue, path: '/admin/api/loan-repayments', output: adminLoanPageSchema }),
  confirmRepayment: defineEndpoint({ summary: "Confirm a loan's repayment: the loan is settled", ...decision, path: '/admin/api/loan-repayments/:id/approve', input: adminApproveInput }),
  rejectRepayment: defineEndpoint({ summary: "Reject a loan's repayment with a reason", ...decision, path: '/admin/api/loan-repayments/:id/reject', input: adminRejectInput }),
  agreementPdf: defineEndpoint({ summary: 'The signed agreement of a loan, as a PDF', methods: ['GET'], path: '/admin/api/loans/:id/agreement.pdf', params: loanIdParams, input: noQuery, output: FILE_OUTPUT, fileTypes: ['application/pdf'], access: reviewer, idempotent: false, tags: adminTags }),
  configs: defineEndpoint({ summary: 'List the loan products with their settings', ...config, methods: ['GET'], path: '/admin/api/loan-configs', input: configListQuery, output: z.array(adminLoanConfigSchema) }),
  createConfig: defineEndpoint({ summary: 'Add a loan product', ...config, methods: ['POST'], path: '/admin/api/loan-configs', input: loanConfigCreateInput, output: adminLoanConfigSchema }),
  updateConfig: defineEndpoint({ summary: 'Change a loan product', ...config, methods: ['PUT'], path: '/admin/api/loan-configs/:id', params: configItemParams, input: loanConfigUpdateInput, output: adminLoanConfigSchema }),
};
