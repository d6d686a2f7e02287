import '../loans.css';
import { useEffect, useRef, useState } from 'react';
import { Button, Result } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { CheckCircleFill } from 'antd-mobile-icons';
import { LOAN_KYC_STATUS, REVIEW_STATUS, type LoanKyc } from '@tp/contracts';
import { Field } from '../../../components/ui/field';
import { PageFrame } from '../../../components/ui/page-frame';
import { LoadError, LoadingLines } from '../../../components/ui/states';
import { useIntent } from '../../../lib/api/intent';
import { useAuth } from '../../../lib/auth-store';
import { toast } from '../../../lib/toast';
import { uploadImage } from '../../../lib/api/upload';
import { fetchAreas, fetchRealName, kycQuery, loanKeys, submitKyc, type Area } from '../api/loans';
import { AreaPicker } from '../components/area-picker';
import { Kv } from '../components/kv';
import { ChoiceChips } from '../../../components/ui/choice-chips';
import { PhotoField, type Photo } from '../components/photo-field';
import { SignatureField, type SignatureHandle } from '../components/signature-field';
import { maskId, splitFullName, splitMobile, todayIso } from '../model';

/** The identity check form (status 0 or 3, the latter with the reviewer's reason and the rejected answers to correct). */
function KycForm({ previous }: { previous: LoanKyc | null }) {
  const { t } = useTranslation('loans');
  const queryClient = useQueryClient();
  const token = useAuth((s) => s.token);
  const intent = useIntent();
  const areas = useQuery({ queryKey: loanKeys.areas, queryFn: ({ signal }) => fetchAreas(signal), staleTime: Infinity });
  const realName = useQuery({ queryKey: loanKeys.realName(token), queryFn: ({ signal }) => fetchRealName(signal), staleTime: 60_000, retry: false });
  const verified = realName.data?.review_status === REVIEW_STATUS.finished ? realName.data : null;
  const [lastName, setLastName] = useState('');
  const [firstName, setFirstName] = useState('');
  const [sex, setSex] = useState<number>();
  const [birthday, setBirthday] = useState('');
  const [country, setCountry] = useState<Area>();
  const [dial, setDial] = useState<Area>();
  const [phone, setPhone] = useState('');
  const [idType, setIdType] = useState<number>();
  const [photo, setPhoto] = useState<Photo | null>(null);
  const signature = useRef<SignatureHandle>(null);
  const [busy, setBusy] = useState(false);
  const today = todayIso();

  // What is already known is filled in once, as it arrives: a rejected submission's answers (to
  // correct, not retype), then the approved real-name verification's name and ID type. The
  // photo and the signature are always new.
  const filled = useRef({ previous: false, areas: false, verified: false });
  useEffect(() => {
    if (!previous || filled.current.previous) return;
    filled.current.previous = true;
    setLastName((v) => v || previous.name);
    setFirstName((v) => v || previous.last_name);
    setSex((v) => v ?? previous.sex ?? undefined);
    setBirthday((v) => v || previous.birthday.replace(/\//g, '-'));
    setPhone((v) => v || splitMobile(previous.mobile).number);
    setIdType((v) => v ?? previous.id_card_type ?? undefined);
  }, [previous]);
  useEffect(() => {
    const list = areas.data;
    if (!previous || !list || filled.current.areas) return;
    filled.current.areas = true;
    const code = splitMobile(previous.mobile).code;
    setCountry((v) => v ?? list.find((a) => a.name === previous.country || a.code === previous.country));
    setDial((v) => v ?? list.find((a) => a.global_code === code));
  }, [previous, areas.data]);
  useEffect(() => {
    if (!verified || filled.current.verified) return;
    filled.current.verified = true;
    const name = splitFullName(verified.name);
    setLastName((v) => v || name.last);
    setFirstName((v) => v || name.first);
    setIdType((v) => v ?? verified.id_card_type ?? undefined);
  }, [verified]);

  const chooseCountry = (area: Area) => {
    setCountry(area);
    // The phone's code follows the country until one is chosen apart.
    setDial((d) => (d && d.id !== country?.id ? d : area));
  };

  const submit = async () => {
    if (busy) return;
    if (!lastName.trim() || !firstName.trim() || !sex || !birthday || !country || !dial || !phone.trim() || !idType || !photo) return toast(t('loan.input_full'));
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
        // The list's English name: one spelling for the reviewers, whatever the applicant's language.
        country: country.name,
        mobile: `+${dial.global_code}-${phone.trim()}`,
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

  const areaList = areas.data ?? [];
  const remark = previous?.remark ?? '';
  return (
    <div className="tp-card" data-testid="loan-kyc-form">
      {remark ? (
        <div className="tp-loan-reject" data-testid="loan-kyc-rejected">
          {t('loan.kyc_rejected', { reason: remark })}
        </div>
      ) : null}
      <p className="tp-muted tp-loan-intro">{t('loan.kyc_intro')}</p>
      {verified ? (
        <div className="tp-loan-verified" data-testid="loan-kyc-verified">
          <div className="tp-loan-verified-title">
            <CheckCircleFill aria-hidden="true" />
            <span>{t('loan.verified_title')}</span>
          </div>
          <Kv label={t('loan.verified_name')}>{verified.name}</Kv>
          {verified.id_card_type ? <Kv label={t('loan.id_type')}>{t(`loan.id_type_${verified.id_card_type}`)}</Kv> : null}
          <Kv label={t('loan.id_number')}>
            <span className="tp-loan-hash">{maskId(verified.card_id)}</span>
          </Kv>
          <p className="tp-muted tp-loan-note">{t('loan.verified_note')}</p>
        </div>
      ) : null}
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
      <div className="tp-field">
        <label htmlFor="f-loan-country">{t('loan.country')}</label>
        <div className="tp-input">
          <AreaPicker
            areas={areaList}
            value={country}
            onChange={chooseCountry}
            show="country"
            id="f-loan-country"
            title={t('loan.country')}
            placeholder={t('loan.choose_country')}
            testId="loan-country"
          />
        </div>
        {areas.isError ? <LoadError compact onRetry={() => void areas.refetch()} /> : null}
      </div>
      <div className="tp-field">
        <label htmlFor="f-loan-area">{t('loan.mobile')}</label>
        <div className="tp-loan-mobile">
          <div className="tp-input tp-loan-area">
            <AreaPicker areas={areaList} value={dial} onChange={setDial} show="dial" id="f-loan-area" title={t('loan.dial_code')} placeholder={t('loan.area_code')} testId="loan-area" />
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
  else body = <KycForm previous={kyc.data.status === LOAN_KYC_STATUS.rejected ? kyc.data : null} />;
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
