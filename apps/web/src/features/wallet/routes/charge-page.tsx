import '../wallet.css';
import { useState, type ReactNode } from 'react';
import { Button, Tabs } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CHARGE_TYPES, type ChargeRecord, type Paged } from '@tp/contracts';
import { Field } from '../../../components/ui/field';
import { PageFrame } from '../../../components/ui/page-frame';
import { Empty, LoadError, LoadingLines } from '../../../components/ui/states';
import { useIntent } from '../../../lib/api/intent';
import { isDemoUser, useAuth } from '../../../lib/auth-store';
import { money } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { fetchBankAccounts, fetchBankCoins, fetchCharges, fetchDepositAddresses, submitCoinDeposit, submitWireDeposit } from '../api/deposits';
import { walletKeys } from '../api/wallet-keys';
import { RealAccountNotice } from '../../../components/ui/real-account-notice';
import { CopyLine } from '../components/label-value-lines';
import { ChargeStatus } from '../components/record-status';
import { SectionTitle } from '../components/section-title';
import { ChoiceChips } from '../../../components/ui/choice-chips';
import { PagedItems, usePaged } from '../components/paged-list';
import { PrivateImage } from '../../../components/ui/private-image';
import { ProofUploader, type Proof } from '../components/proof-uploader';
import { cleanAmount, isPositiveAmount, shortText } from '../model/wallet-model';
import { DateTime } from '../../../components/ui/date-time';

/** Amount, proof and submit, shared by the coin and bank forms. */
function useDepositForm(type: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const token = useAuth((s) => s.token);
  const [amount, setAmount] = useState('');
  const [proof, setProof] = useState<Proof | null>(null);
  const [busy, setBusy] = useState(false);
  const intent = useIntent();
  const submit = async <B,>(bodyOf: (number: string, proofImg: string) => B, send: (body: B, idempotencyKey: string) => Promise<unknown>, before?: () => boolean) => {
    if (busy) return;
    if (before && !before()) return;
    if (!isPositiveAmount(amount)) return toast(t('charge.input_amount'));
    if (!proof) return toast(t('charge.upload_proof'));
    setBusy(true);
    try {
      const body = bodyOf(amount, proof.url);
      await intent.run(body, (key) => send(body, key));
      setAmount('');
      setProof(null);
      await queryClient.invalidateQueries({ queryKey: walletKeys.charges(token, type) });
    } catch {
      /* the api client showed the server's msg */
    } finally {
      setBusy(false);
    }
  };
  const fields = (
    <>
      <Field name="charge-amount" label={t('charge.amount')} value={amount} onChange={(v) => setAmount(cleanAmount(v))} placeholder={t('charge.input_amount')} inputMode="decimal" testId="charge-amount" />
      <div className="tp-field">
        <label>{t('charge.proof')}</label>
        <ProofUploader value={proof} onChange={setProof} testId="charge-proof" />
      </div>
    </>
  );
  return { amount, fields, busy, submit };
}

function CoinDeposit() {
  const { t } = useTranslation();
  const token = useAuth((s) => s.token);
  const addresses = useQuery({ queryKey: walletKeys.depositAddresses(token), queryFn: ({ signal }) => fetchDepositAddresses(signal), staleTime: 60_000 });
  const [currency, setCurrency] = useState<string>();
  const [channelId, setChannelId] = useState<number>();
  const [sender, setSender] = useState('');
  const form = useDepositForm(CHARGE_TYPES.coin);

  if (addresses.isPending) return <div className="tp-card"><LoadingLines rows={5} /></div>;
  if (addresses.isError) return <LoadError onRetry={() => void addresses.refetch()} />;
  const list = addresses.data;
  if (list.length === 0) return <Empty>{t('charge.no_channel')}</Empty>;
  const codes = [...new Set(list.map((a) => a.currency_code))];
  const code = currency && codes.includes(currency) ? currency : codes[0]!;
  const networks = list.filter((a) => a.currency_code === code);
  const channel = networks.find((a) => a.id === channelId) ?? networks[0]!;

  return (
    <div className="tp-card">
      <div className="tp-field">
        <label>{t('charge.currency')}</label>
        <ChoiceChips options={codes.map((c) => ({ value: c, label: c }))} value={code} onChange={(c) => { setCurrency(c); setChannelId(undefined); }} testId="charge-currency" ariaLabel={t('charge.currency')} />
      </div>
      <div className="tp-field">
        <label>{t('charge.network')}</label>
        <ChoiceChips options={networks.map((n) => ({ value: n.id, label: n.protocol_code }))} value={channel.id} onChange={setChannelId} testId="charge-network" ariaLabel={t('charge.network')} />
      </div>
      <div className="tp-qr-box">
        <div className="tp-qr" data-testid="charge-qr">
          <QRCodeSVG value={channel.address} size={156} level="M" marginSize={2} title={t('charge.qr_title')} />
        </div>
        <p className="tp-muted tp-qr-note">{t('charge.send_only', { code: `${channel.currency_code} ${channel.protocol_code}` })}</p>
      </div>
      <CopyLine label={t('charge.address')} value={channel.address} testId="charge-address" />
      <div className="tp-gap" />
      {form.fields}
      <Field name="charge-sender" label={t('charge.sender')} value={sender} onChange={setSender} placeholder={t('charge.sender_placeholder')} maxLength={200} testId="charge-sender" />
      <div className="tp-actions">
        <Button
          block
          color="primary"
          size="large"
          loading={form.busy}
          onClick={() =>
            void form.submit(
              (number, proofImg) => ({ number, proofImg, address: sender.trim() || undefined, charge_id: channel.id }),
              (body, key) => submitCoinDeposit(body, key).then(() => setSender('')),
            )
          }
          data-testid="charge-submit"
        >
          {t('public.submit')}
        </Button>
      </div>
    </div>
  );
}

function BankDeposit() {
  const { t } = useTranslation();
  const token = useAuth((s) => s.token);
  // The transfer's reference: the UID matches a bank transfer to its account, in any language.
  const uid = useAuth((s) => s.user?.uid);
  const coins = useQuery({ queryKey: walletKeys.bankCoins(token), queryFn: ({ signal }) => fetchBankCoins(signal), staleTime: 60_000 });
  const [coinId, setCoinId] = useState<number>();
  const coin = coins.data?.find((c) => c.id === coinId) ?? coins.data?.[0];
  const accounts = useQuery({
    queryKey: walletKeys.bankAccounts(token, coin?.id ?? 0),
    queryFn: ({ signal }) => fetchBankAccounts(coin!.id, signal),
    enabled: !!coin,
    staleTime: 60_000,
  });
  const [accountId, setAccountId] = useState<number>();
  const form = useDepositForm(CHARGE_TYPES.bank);

  if (coins.isPending) return <div className="tp-card"><LoadingLines rows={5} /></div>;
  if (coins.isError) return <LoadError onRetry={() => void coins.refetch()} />;
  if (!coin) return <Empty>{t('charge.no_channel')}</Empty>;
  const list = accounts.data ?? [];
  // One collection account is chosen for the user; with several, the user picks.
  const chosen = list.find((a) => a.id === accountId) ?? (list.length === 1 ? list[0] : undefined);

  let accountBlock: ReactNode;
  if (accounts.isPending) accountBlock = <LoadingLines rows={3} />;
  else if (accounts.isError) accountBlock = <LoadError compact onRetry={() => void accounts.refetch()} />;
  else if (list.length === 0) accountBlock = <p className="tp-muted" data-testid="charge-no-bank-account">{t('charge.no_bank_account')}</p>;
  else
    accountBlock = (
      <ChoiceChips
        options={list.map((a) => ({ value: a.id, label: a.bank_name, sub: shortText(a.payee_account, 4, 4) }))}
        value={chosen?.id}
        onChange={setAccountId}
        testId="charge-bank-account"
        ariaLabel={t('charge.collection_account')}
      />
    );

  return (
    <div className="tp-card">
      <div className="tp-field">
        <label>{t('charge.bank_coin')}</label>
        <ChoiceChips options={coins.data.map((c) => ({ value: c.id, label: c.name }))} value={coin.id} onChange={(id) => { setCoinId(id); setAccountId(undefined); }} testId="charge-bank-coin" ariaLabel={t('charge.bank_coin')} />
      </div>
      <div className="tp-field">
        <label>{t('charge.collection_account')}</label>
        {accountBlock}
      </div>
      {chosen ? (
        <div className="tp-bank-details" data-testid="charge-bank-details">
          <CopyLine label={t('charge.bank_name')} value={chosen.bank_name} testId="charge-bank-name" />
          <CopyLine label={t('charge.payee_name')} value={chosen.payee_name} testId="charge-payee-name" />
          <CopyLine label={t('charge.payee_account')} value={chosen.payee_account} testId="charge-payee-account" />
          <CopyLine label={t('charge.swift')} value={chosen.bank_swift} testId="charge-swift" />
          <CopyLine label={t('charge.bank_address')} value={chosen.bank_address} testId="charge-bank-address" />
          {uid ? <CopyLine label={t('charge.reference')} value={uid} testId="charge-reference" /> : null}
          {chosen.bank_remark ? <p className="tp-muted tp-remark">{chosen.bank_remark}</p> : null}
        </div>
      ) : null}
      <div className="tp-gap" />
      {form.fields}
      <div className="tp-actions">
        <Button
          block
          color="primary"
          size="large"
          loading={form.busy}
          onClick={() =>
            void form.submit(
              (number, proofImg) => ({ number, proofImg, wire_id: chosen!.id }),
              submitWireDeposit,
              () => {
                if (chosen) return true;
                toast(t('withdraw.no_pay_way'));
                return false;
              },
            )
          }
          data-testid="charge-submit"
        >
          {t('public.submit')}
        </Button>
      </div>
    </div>
  );
}

function ChargeRow({ item }: { item: ChargeRecord }) {
  const { t } = useTranslation();
  return (
    <>
      {item.proof_img ? <PrivateImage path={item.proof_img} alt={t('charge.proof')} /> : null}
      <div className="tp-record-main">
        <b className="tp-record-title">
          <span className="tp-num">{money(item.number)}</span> {item.currency_code}
        </b>
        <span className="tp-muted"><DateTime value={item.created_at} /></span>
        {item.remark ? <span className="tp-muted tp-break">{item.remark}</span> : null}
      </div>
      <div className="tp-record-side">
        <ChargeStatus status={item.status} />
      </div>
    </>
  );
}

function ChargeRecords({ type }: { type: number }) {
  const { t } = useTranslation();
  const token = useAuth((s) => s.token);
  const query = usePaged<Paged<ChargeRecord>>(walletKeys.charges(token, type), (page, signal) => fetchCharges(type, page, signal));
  return (
    <>
      <SectionTitle>{t('charge.records')}</SectionTitle>
      <PagedItems query={query} testId="charge-records" itemKey={(r) => r.id} renderItem={(r) => <ChargeRow item={r} />} />
    </>
  );
}

/** /mine/charge?type=0 coin | 1 bank: deposit form and records. Demo accounts see only the notice. */
export function ChargePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const demo = isDemoUser(useAuth((s) => s.user));
  const type = params.get('type') === '1' ? CHARGE_TYPES.bank : CHARGE_TYPES.coin;
  return (
    <PageFrame title={t('nav.mine_charge')} fallback="/user" testId="page-mine-charge">
      {demo ? (
        <RealAccountNotice testId="wallet-demo-notice" />
      ) : (
        <>
          <Tabs activeKey={String(type)} onChange={(k) => setParams({ type: k }, { replace: true })} className="tp-tabs" data-testid="charge-tabs">
            <Tabs.Tab key="0" title={t('charge.tab_coin')} />
            <Tabs.Tab key="1" title={t('charge.tab_bank')} />
          </Tabs>
          {type === CHARGE_TYPES.coin ? <CoinDeposit key="coin" /> : <BankDeposit key="bank" />}
          <ChargeRecords key={type} type={type} />
        </>
      )}
    </PageFrame>
  );
}
