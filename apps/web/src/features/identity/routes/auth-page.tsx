import '../identity.css';
import { useState } from 'react';
import { Button, NoticeBar, Result, Selector } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ID_CARD_TYPES, REVIEW_STATUS, type RealNameCenter } from '@tp/contracts';
import { Field } from '../../../components/ui/field';
import { PageFrame } from '../../../components/ui/page-frame';
import { RealAccountNotice } from '../../../components/ui/real-account-notice';
import { LoadError, LoadingLines } from '../../../components/ui/states';
import { isDemoUser, useAuth } from '../../../lib/auth-store';
import { fetchRealNameCenter, realNameKey, submitRealName } from '../api/identity-api';
import { IdPhotoPicker, type IdPhoto } from '../components/id-photo';
import { PrivatePhoto } from '../components/private-photo';

/** /mine/auth: real-name authentication. Views follow review_status: 0 form, 1 waiting, 2 finished. */
export function AuthPage() {
  const { t } = useTranslation();
  const demo = isDemoUser(useAuth((s) => s.user));
  return (
    <PageFrame title={t('nav.mine_auth')} fallback="/user" testId="page-mine-auth">
      {/* A demo account is kept from real-name auth (spec section 6); the server refuses it too. */}
      {demo ? <RealAccountNotice testId="identity-demo-notice" /> : <AuthView />}
    </PageFrame>
  );
}

function AuthView() {
  const query = useQuery({ queryKey: realNameKey, queryFn: ({ signal }) => fetchRealNameCenter(signal) });
  if (query.data) {
    const c = query.data;
    if (c.review_status === REVIEW_STATUS.waiting) return <Waiting center={c} />;
    if (c.review_status === REVIEW_STATUS.finished) return <Finished center={c} />;
    return <AuthForm center={c} />;
  }
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  return (
    <div className="tp-card">
      <LoadingLines rows={5} />
    </div>
  );
}

function Waiting({ center }: { center: RealNameCenter }) {
  const { t } = useTranslation('identity');
  return (
    <div className="tp-card" data-testid="identity-waiting">
      <Result className="tp-id-result" status="waiting" title={t('waiting_title')} description={t('waiting_text')} />
      <Summary center={center} />
    </div>
  );
}

function Finished({ center }: { center: RealNameCenter }) {
  const { t } = useTranslation('identity');
  return (
    <div data-testid="identity-finished">
      <div className="tp-card">
        <Result className="tp-id-result" status="success" title={t('finished_title')} />
        <Summary center={center} />
      </div>
      <div className="tp-card tp-id-shots">
        <PrivatePhoto path={center.front_pic} alt={t('front')} testId="identity-front-shot" />
        <PrivatePhoto path={center.reverse_pic} alt={t('back')} testId="identity-back-shot" />
      </div>
    </div>
  );
}

/** Name, type and number of the submission. */
function Summary({ center }: { center: RealNameCenter }) {
  const { t } = useTranslation('identity');
  const rows: [string, string, string][] = [
    ['name', t('name'), center.name],
    ['type', t('id_type'), center.id_card_type_name],
    ['number', t('id_number'), center.card_id],
  ];
  return (
    <dl className="tp-id-summary">
      {rows.map(([key, label, value]) => (
        <div key={key} className="tp-id-row">
          <dt className="tp-muted">{label}</dt>
          <dd data-testid={`identity-${key}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function AuthForm({ center }: { center: RealNameCenter }) {
  const { t } = useTranslation('identity');
  const client = useQueryClient();
  // After a rejection the form starts from what was sent; the photos are chosen again.
  const [name, setName] = useState(center.name);
  const [type, setType] = useState<number>(center.id_card_type ?? 1);
  const [number, setNumber] = useState(center.card_id);
  const [front, setFront] = useState<IdPhoto | null>(null);
  const [back, setBack] = useState<IdPhoto | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const next = await submitRealName({ name, id_card_type: type, card_id: number, front_pic: front?.url ?? '', reverse_pic: back?.url ?? '' });
      client.setQueryData(realNameKey, next);
    } catch {
      /* the api client showed the server's reason */
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="identity-form">
      {center.reject_reason ? (
        <NoticeBar className="tp-id-notice" color="error" wrap content={t('rejected', { reason: center.reject_reason })} data-testid="identity-rejected" />
      ) : null}
      <form
        className="tp-card"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field name="real-name" label={t('name')} value={name} onChange={setName} placeholder={t('name_placeholder')} autoComplete="name" maxLength={100} testId="identity-name-input" />
        <div className="tp-field">
          <span className="tp-id-label">{t('id_type')}</span>
          <Selector
            className="tp-id-types"
            columns={3}
            options={ID_CARD_TYPES.map((v) => ({ value: v, label: t(`id_types.${v}`) }))}
            value={[type]}
            onChange={(v) => {
              if (v[0] !== undefined) setType(v[0]);
            }}
            data-testid="identity-type"
          />
        </div>
        <Field name="card-id" label={t('id_number')} value={number} onChange={setNumber} placeholder={t('id_number_placeholder')} maxLength={64} testId="identity-number-input" />
        <div className="tp-id-photos">
          <IdPhotoPicker label={t('front')} value={front} onChange={setFront} testId="identity-front" />
          <IdPhotoPicker label={t('back')} value={back} onChange={setBack} testId="identity-back" />
        </div>
        <p className="tp-muted tp-id-hint">{t('photo_hint')}</p>
        <div className="tp-actions">
          <Button block color="primary" size="large" type="submit" loading={busy} data-testid="identity-submit">
            {t('submit')}
          </Button>
        </div>
      </form>
    </div>
  );
}
