import { endpoints } from '@tp/contracts';
import { defineQueue } from '../queue-definition';
import { queuePage } from '../queue-page';

/** Loan identity checks waiting for a reviewer: the person's details, the handheld photo and the signature. */
export const loanKycQueue = defineQueue({
  key: 'loan_kyc',
  list: endpoints.adminLoans.kyc,
  approve: endpoints.adminLoans.approveKyc,
  reject: endpoints.adminLoans.rejectKyc,
  approveTakesNote: true,
  // LOAN_KYC_STATUS: waiting 1, approved 2, rejected 3.
  statuses: [
    { value: 1, key: 'waiting' },
    { value: 2, key: 'approved' },
    { value: 3, key: 'rejected' },
  ],
  columns: [
    { key: 'id', value: (k) => k.id },
    { key: 'user', value: (k) => k.user.email ?? k.user.uid },
    { key: 'full_name', value: (k) => `${k.last_name} ${k.name}` },
    { key: 'country', value: (k) => k.country },
    { key: 'created_at', value: (k) => k.created_at },
  ],
  detailFields: [
    { key: 'id', value: (k) => k.id },
    { key: 'user', value: (k) => k.user.email ?? '' },
    { key: 'uid', value: (k) => k.user.uid },
    { key: 'last_name', value: (k) => k.name },
    { key: 'first_name', value: (k) => k.last_name },
    { key: 'sex', value: (k, t) => (k.sex ? t(`loan_kyc.sexes.${k.sex}`) : '') },
    { key: 'birthday', value: (k) => k.birthday },
    { key: 'country', value: (k) => k.country },
    { key: 'mobile', value: (k) => k.mobile },
    { key: 'id_card_type', value: (k, t) => (k.id_card_type ? t(`loan_kyc.id_types.${k.id_card_type}`) : '') },
    { key: 'remark', value: (k) => k.remark },
    { key: 'created_at', value: (k) => k.created_at },
    { key: 'reviewed_at', value: (k) => k.reviewed_at },
  ],
  imageFields: [
    { key: 'hand_pic', path: (k) => k.hand_pic },
    { key: 'signature', path: (k) => k.signature },
  ],
});

export default queuePage(loanKycQueue);
