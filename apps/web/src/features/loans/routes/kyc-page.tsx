import '../loans.css';
import { useRef, useState } from 'react';
import { Button, Result } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { LOAN_KYC_STATUS } from '@tp/contracts';
import { Field } from '../../../components/ui/field';
import { PageFrame } from '../../../components/ui/page-frame';
import { LoadError, LoadingLines } from '../../../components/ui/states';
import { useIntent } from '../../../lib/api/intent';
import { useAuth } from '../../../lib/auth-store';
import { toast } from '../../../lib/toast';
import { uploadImage } from '../../../lib/api/upload';
import { kycQuery, loanKeys, submitKyc } from '../api/loans';
import { ChoiceChips } from '../../../components/ui/choice-chips';
import { PhotoField, type Photo } from '../components/photo-field';
import { SignatureField, type SignatureHandle } from '../components/signature-field';
import { todayIso } from '../model';

/** The identity check form (status 0 or 3, the latter with the reviewer's reason). */
function KycForm({ remark }: { remark: string }) {
  const { t } = useTranslation('loans');
  const queryClient = useQueryClient();
  const token = useAuth((s) => s.token);
  const intent = useIntent();
  const [lastName, setLastName] = useState('');
  const [firstName, setFirstName] = useState('');
  const [sex, setSex] = useState<number>();
  const [birthday, setBirthday] = useState('');
  const [country, setCountry] = useState('');
  const [area, setArea] = useState('');
  const [phone, setPhone] = useState('');
  const [idType, setIdType] = useState<number>();
  const [photo, setPhoto] = useState<Photo | null>(null);
  const signature = useRef<SignatureHandle>(null);
  const [busy, setBusy] = useState(false);
  const today = todayIso();

  const submit = async () => {
    if (busy) return;
    if (!lastName.trim() || !firstName.trim() || !sex || !birthday || !country.trim() || !area.trim() || !phone.trim() || !idType || !photo) return toast(t('loan.input_full'));
    if (birthday < '1950-01-01' || birthday > today) return toast(t('loan.birthday_range'));
    if (!signature.current || signature.current.isEmpty()) return toast(t('loan.please_sign'));
    setBusy(true);
    try {
      const { url } = await uploadImage(await signature.current.toBlob(), 'signature.png');
      const body = {
        name: lastName.trim(),
        last_name: firstName.trim(),
        sex,
        birthday: birthday.replace(/-/g, '/'),
        country: country.trim(),
        mobile: `${area.trim().startsWith('+') ? area.trim() : `+${area.trim()}`}-${phone.trim()}`,
        id_card_type: idType,
        hand_pic: photo.url,
        signature: url,
      };
      await intent.run(body, (key) => submitKyc(body, key));
      await queryClient.invalidateQueries({ queryKey: loanKeys.kyc(token) });
    } catch {
      /* the api client showed the server's msg */
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="tp-card" data-testid="loan-kyc-form">
      {remark ? (
        <div className="tp-loan-reject" data-testid="loan-kyc-rejected">
          {t('loan.kyc_rejected', { reason: remark })}
        </div>
      ) : null}
      <p className="tp-muted tp-loan-intro">{t('loan.kyc_intro')}</p>
      <Field name="loan-last-name" label={t('loan.last_name')} value={lastName} onChange={setLastName} maxLength={100} testId="loan-last-name" />
      <Field name="loan-first-name" label={t('loan.first_name')} value={firstName} onChange={setFirstName} maxLength={100} testId="loan-first-name" />
      <div className="tp-field">
        <label>{t('loan.sex')}</label>
        <ChoiceChips options={[{ value: 1, label: t('loan.sex_1') }, { value: 2, label: t('loan.sex_2') }]} value={sex} onChange={setSex} testId="loan-sex" ariaLabel={t('loan.sex')} />
      </div>
      <div className="tp-field">
        <label htmlFor="f-loan-birthday">{t('loan.birthday')}</label>
        <div className="tp-input">
          <input id="f-loan-birthday" className="tp-input-el" type="date" min="1950-01-01" max={today} value={birthday} onChange={(e) => setBirthday(e.target.value)} data-testid="loan-birthday" />
        </div>
      </div>
      <Field name="loan-country" label={t('loan.country')} value={country} onChange={setCountry} maxLength={100} testId="loan-country" />
      <div className="tp-field">
        <label htmlFor="f-loan-area">{t('loan.mobile')}</label>
        <div className="tp-loan-mobile">
          <div className="tp-input tp-loan-area">
            <input id="f-loan-area" className="tp-input-el" inputMode="tel" value={area} onChange={(e) => setArea(e.target.value.replace(/[^\d+]/g, '').slice(0, 5))} placeholder={t('loan.area_code')} data-testid="loan-area" />
          </div>
          <div className="tp-input">
            <input className="tp-input-el" inputMode="numeric" value={phone} onChange={(e) => setPhone(e.target.value.replace(/\D/g, '').slice(0, 15))} placeholder={t('loan.mobile_number')} aria-label={t('loan.mobile_number')} data-testid="loan-phone" />
          </div>
        </div>
      </div>
      <div className="tp-field">
        <label>{t('loan.id_type')}</label>
        <ChoiceChips options={[1, 2, 3].map((v) => ({ value: v, label: t(`loan.id_type_${v}`) }))} value={idType} onChange={setIdType} testId="loan-id-type" ariaLabel={t('loan.id_type')} />
      </div>
      <div className="tp-field">
        <label>{t('loan.hand_pic')}</label>
        <PhotoField value={photo} onChange={setPhoto} testId="loan-hand-pic" alt={t('loan.hand_pic')} />
      </div>
      <div className="tp-field">
        <label>{t('loan.signature')}</label>
        <SignatureField ref={signature} testId="loan-kyc-signature" height={150} />
      </div>
      <div className="tp-actions">
        <Button block color="primary" size="large" loading={busy} onClick={() => void submit()} data-testid="loan-kyc-submit">
          {t('loan.submit')}
        </Button>
      </div>
    </div>
  );
}

/** /loan: the identity check; approved goes straight to the application. */
export function KycPage() {
  const { t } = useTranslation('loans');
  const navigate = useNavigate();
  const token = useAuth((s) => s.token);
  const kyc = useQuery(kycQuery(token));
  let body;
  if (kyc.isPending) body = <div className="tp-card"><LoadingLines rows={6} /></div>;
  else if (kyc.isError) body = <LoadError onRetry={() => void kyc.refetch()} />;
  else if (kyc.data.status === LOAN_KYC_STATUS.approved) return <Navigate to="/loan/submit" replace />;
  else if (kyc.data.status === LOAN_KYC_STATUS.waiting)
    body = (
      <div className="tp-card" data-testid="loan-kyc-waiting">
        <Result status="waiting" title={t('loan.kyc_waiting')} description={t('loan.kyc_waiting_note')} />
      </div>
    );
  else body = <KycForm remark={kyc.data.status === LOAN_KYC_STATUS.rejected ? kyc.data.remark : ''} />;
  return (
    <PageFrame
      title={t('loan.title')}
      testId="page-loan"
      fallback="/"
      right={
        <Button size="mini" fill="none" onClick={() => navigate('/loan/record')} data-testid="loan-records-link">
          {t('loan.records')}
        </Button>
      }
    >
      {body}
    </PageFrame>
  );
}
