import { realOnly } from './components/real-only';
import { AgreementPage as Agreement } from './routes/agreement-page';
import { KycPage as Kyc } from './routes/kyc-page';
import { RecordPage as Record } from './routes/record-page';
import { RepaymentPage as Repayment } from './routes/repayment-page';
import { SignPage as Sign } from './routes/sign-page';
import { SubmitPage as Submit } from './routes/submit-page';

/** The loan screens (one chunk, loaded with the `loans` texts); real accounts only. */
export const KycPage = realOnly(Kyc);
export const SubmitPage = realOnly(Submit);
export const AgreementPage = realOnly(Agreement);
export const SignPage = realOnly(Sign);
export const RecordPage = realOnly(Record);
export const RepaymentPage = realOnly(Repayment);
