import '../wallet.css';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Tabs } from 'antd-mobile';
import { AddOutline, ClockCircleOutline } from 'antd-mobile-icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ACCOUNT_TYPES, DRAW_TYPES, type DrawMethod, type Paged, type WithdrawRecord } from '@tp/contracts';
import { Field } from '../../../components/ui/field';
import { PageFrame } from '../../../components/ui/page-frame';
import { Empty, LoadError, LoadingLines } from '../../../components/ui/states';
import { useIntent } from '../../../lib/api/intent';
import { isDemoUser, useAuth } from '../../../lib/auth-store';
import { groupThousands, money, plainNumber } from '../../../lib/format';
import { useBalance } from '../../../lib/queries';
import { toast } from '../../../lib/toast';
import { walletKeys } from '../api/wallet-keys';
import { fetchDrawCurrencies, fetchDrawMethods, fetchWithdrawals, submitWithdrawal } from '../api/withdrawals';
import { RealAccountNotice } from '../../../components/ui/real-account-notice';
import { KeyValue } from '../components/label-value-lines';
import { WithdrawStatus } from '../components/record-status';
import { SectionTitle } from '../components/section-title';
import { ChoiceChips } from '../../../components/ui/choice-chips';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PagedItems, usePaged } from '../components/paged-list';
import { accountOf, allAmount, cleanAmount, currencyLabel, isPositiveAmount, plainAmount, shortText, withdrawPreview } from '../model/wallet-model';
import { DateTime } from '../../../components/ui/date-time';
import { formatDateTime, wireToMs } from '../../../lib/datetime';
import { isWithdrawCode, WithdrawCodeField } from '../components/withdraw-code-field';
import { usableFrom, useNowAcross } from '../model/waiting-time';

/** One line naming a bound method: the coin address, or bank and account. */
export function methodLabel(m: DrawMethod): string {
  return m.type === DRAW_TYPES.coin ? shortText(m.dc_address, 10, 8) : `${m.bank_name} ${shortText(m.payee_account, 4, 4)}`;
}

/** An amount in the funding account's unit (USDT), as the fee and the amount received are: its decimals, the language's marks. */
function Usdt({ value, testId }: { value: string | null; testId?: string }) {
  const { t } = useTranslation();
  if (value === null) return <span data-testid={testId}>--</span>;
  return (
    <bdi className="tp-num" data-testid={testId}>
      {t('withdraw.amount_usdt', { amount: plainNumber(value) })}
    </bdi>
  );
}

function WithdrawForm({ drawType }: { drawType: number }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = useAuth((s) => s.token);
  const email = useAuth((s) => s.user?.email);
  const balance = useBalance();
  const currencies = useQuery({ queryKey: walletKeys.drawCurrencies(token, drawType), queryFn: ({ signal }) => fetchDrawCurrencies(drawType, signal), staleTime: 60_000 });
  const [currencyId, setCurrencyId] = useState<number>();
  const currency = currencies.data?.find((c) => c.id === currencyId) ?? currencies.data?.[0];
  const methods = useQuery({
    queryKey: walletKeys.drawMethods(token, drawType, currency?.id),
    queryFn: ({ signal }) => fetchDrawMethods(drawType, currency!.id, signal),
    enabled: !!currency,
  });
  const [methodId, setMethodId] = useState<number>();
  const [amount, setAmount] = useState('');
  const [memo, setMemo] = useState('');
  const [code, setCode] = useState('');
  const [notBind, setNotBind] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const intent = useIntent();
  const asked = useRef(new Set<number>());

  const list = methods.data?.list ?? [];
  const now = useNowAcross(list.map((m) => wireToMs(m.usable_at) ?? 0));
  // The one chosen, else the first that may be withdrawn to now, else the first (its note says from when).
  const method = list.find((m) => m.id === methodId) ?? list.find((m) => usableFrom(m, now) === null) ?? list[0];
  const drawMin = methods.data?.drawCurrency?.draw_min ?? currency?.draw_min;
  const available = accountOf(balance.data, ACCOUNT_TYPES.change)?.balance;
  const preview = withdrawPreview(amount, currency);
  const waitingUntil = usableFrom(method, now);
  const waitingNote = waitingUntil === null ? null : t('withdraw.waiting_note', { time: formatDateTime(waitingUntil, i18n.language) });

  // No bound method for this currency: offer to bind one, once per currency (spec section 5).
  useEffect(() => {
    // Only on a fresh answer: a cached empty list may be refetching after a bind.
    if (!currency || !methods.isSuccess || methods.isFetching || methods.data.list.length > 0 || asked.current.has(currency.id)) return;
    asked.current.add(currency.id);
    setNotBind(true);
  }, [currency, methods.isSuccess, methods.isFetching, methods.data]);

  if (currencies.isPending) return <div className="tp-card"><LoadingLines rows={6} /></div>;
  if (currencies.isError) return <LoadError onRetry={() => void currencies.refetch()} />;
  if (!currency) return <Empty>{t('withdraw.no_channel')}</Empty>;

  const bindPath = `/mine/withdraw-way?type=${drawType}&draw_id=${currency.id}`;

  const submit = () => {
    if (busy) return;
    if (!method) return setNotBind(true);
    if (waitingNote) return toast(waitingNote);
    if (!isPositiveAmount(amount)) return toast(t('withdraw.input_amount'));
    if (preview && !preview.ok) return toast(t('withdraw.fee_exceeds'));
    if (!isWithdrawCode(code)) return toast(t('withdraw.input_code'));
    setConfirming(true);
  };
  const send = async () => {
    if (!method || busy) return;
    setBusy(true);
    try {
      const form = { draw_currency_id: currency.id, number: amount, memo: memo.trim() || undefined, draw_method_id: method.id, auth_code: code.trim() };
      await intent.run(form, (key) => submitWithdrawal(form, key));
      setAmount('');
      setMemo('');
      setCode('');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: walletKeys.balance }),
        queryClient.invalidateQueries({ queryKey: walletKeys.withdrawals(token, drawType) }),
      ]);
    } catch {
      /* the api client showed the server's msg */
    } finally {
      setBusy(false);
    }
  };

  let methodBlock: ReactNode;
  if (methods.isPending) methodBlock = <LoadingLines rows={1} />;
  else if (methods.isError) methodBlock = <LoadError compact onRetry={() => void methods.refetch()} />;
  else if (list.length === 0)
    methodBlock = (
      <button type="button" className="tp-add-row" onClick={() => setNotBind(true)} data-testid="withdraw-no-method">
        <AddOutline />
        <span>{t('withdraw.add_method')}</span>
      </button>
    );
  else
    methodBlock = (
      <>
        <ChoiceChips options={list.map((m) => ({ value: m.id, label: methodLabel(m) }))} value={method?.id} onChange={setMethodId} testId="withdraw-method" ariaLabel={t('withdraw.method')} />
        {waitingNote ? (
          <div className="tp-waiting-note" role="status" data-testid="withdraw-waiting">
            <ClockCircleOutline aria-hidden style={{ flex: 'none', marginTop: 2 }} />
            <span>{waitingNote}</span>
          </div>
        ) : null}
        <button type="button" className="tp-link-btn" onClick={() => navigate(bindPath)} data-testid="withdraw-add-method">
          <AddOutline /> {t('withdraw.add_method')}
        </button>
      </>
    );

  const currencyName = currencyLabel(currency);
  return (
    <div className="tp-card">
      <div className="tp-field">
        <label>{t('withdraw.currency')}</label>
        <ChoiceChips
          options={currencies.data.map((c) => ({ value: c.id, label: currencyLabel(c) }))}
          value={currency.id}
          onChange={(id) => {
            setCurrencyId(id);
            setMethodId(undefined);
          }}
          testId="withdraw-currency"
          ariaLabel={t('withdraw.currency')}
        />
      </div>
      <div className="tp-field">
        <label>{drawType === DRAW_TYPES.coin ? t('withdraw.method_coin') : t('withdraw.method_bank')}</label>
        {methodBlock}
      </div>
      <Field
        name="withdraw-amount"
        label={t('withdraw.amount')}
        value={amount}
        onChange={(v) => setAmount(cleanAmount(v))}
        placeholder={t('withdraw.input_amount')}
        inputMode="decimal"
        testId="withdraw-amount"
        suffix={
          <Button size="mini" fill="none" color="primary" className="tp-input-suffix" onClick={() => setAmount(allAmount(available))} data-testid="withdraw-all">
            {t('wallet.all')}
          </Button>
        }
      />
      <div className="tp-hints">
        <span className="tp-muted" data-testid="withdraw-available">
          {t('wallet.available_amount', { amount: money(available) })}
        </span>
        <span className="tp-muted" data-testid="withdraw-min">
          {t('withdraw.min', { amount: plainNumber(drawMin) })}
        </span>
      </div>
      <div className="tp-quote">
        <KeyValue label={t('withdraw.fee')}>
          <Usdt value={preview?.ok ? preview.fee.toFixed() : null} testId="withdraw-fee" />
        </KeyValue>
        <KeyValue label={t('withdraw.received')}>
          <Usdt value={preview?.ok ? preview.realNumber.toFixed() : null} testId="withdraw-received" />
        </KeyValue>
        {preview && !preview.ok && preview.reason === 'fee_exceeds_amount' ? <div className="tp-error-text">{t('withdraw.fee_exceeds')}</div> : null}
      </div>
      <Field name="withdraw-memo" label={t('withdraw.memo')} value={memo} onChange={setMemo} placeholder={t('withdraw.memo_placeholder')} maxLength={200} testId="withdraw-memo" />
      <WithdrawCodeField value={code} onChange={setCode} email={email} testPrefix="withdraw" />
      <div className="tp-actions">
        <Button block color="primary" size="large" loading={busy} disabled={!!waitingNote} onClick={submit} data-testid="withdraw-submit">
          {t('public.submit')}
        </Button>
      </div>
      <ConfirmDialog
        visible={notBind}
        testId="withdraw-not-bind"
        content={t('wallet.not_bind')}
        confirmText={t('wallet.go_bind')}
        onClose={() => setNotBind(false)}
        onConfirm={() => navigate(bindPath)}
      />
      <ConfirmDialog
        visible={confirming}
        testId="withdraw-confirm"
        onClose={() => setConfirming(false)}
        onConfirm={() => void send()}
        content={
          <div className="tp-confirm-lines">
            <b>{t('withdraw.confirm_title')}</b>
            <KeyValue label={t('withdraw.currency')}>{currencyName}</KeyValue>
            <KeyValue label={t('withdraw.method')}>{method ? methodLabel(method) : '--'}</KeyValue>
            <KeyValue label={t('withdraw.amount')}>
              <Usdt value={amount} testId="withdraw-confirm-amount" />
            </KeyValue>
            <KeyValue label={t('withdraw.fee')}>
              <Usdt value={preview?.ok ? preview.fee.toFixed() : null} testId="withdraw-confirm-fee" />
            </KeyValue>
            <KeyValue label={t('withdraw.received')}>
              <Usdt value={preview?.ok ? preview.realNumber.toFixed() : null} testId="withdraw-confirm-received" />
            </KeyValue>
          </div>
        }
      />
    </div>
  );
}

function WithdrawRow({ item }: { item: WithdrawRecord }) {
  const { t } = useTranslation();
  const to = item.address || item.payee_account;
  return (
    <>
      <div className="tp-record-main">
        <b className="tp-record-title">
          <span className="tp-num">{groupThousands(plainAmount(item.number))}</span> {currencyLabel(item.draw_currency)}
        </b>
        <span className="tp-muted"><DateTime value={item.created_at} /></span>
        {to ? <span className="tp-muted tp-break">{shortText(to, 10, 8)}</span> : null}
        <span className="tp-muted">
          {t('withdraw.fee')} <Usdt value={plainAmount(item.fee)} testId="withdraw-record-fee" /> · {t('withdraw.received')}{' '}
          <Usdt value={plainAmount(item.real_number)} testId="withdraw-record-received" />
        </span>
        {item.notes ? <span className="tp-muted tp-break">{item.notes}</span> : null}
        {/* Staff's reason for a rejection (or their note on approval), as a deposit record shows it. */}
        {item.remark ? (
          <span className="tp-muted tp-break" data-testid="withdraw-record-remark">
            {item.remark}
          </span>
        ) : null}
      </div>
      <div className="tp-record-side">
        <WithdrawStatus status={item.status} name={item.status_name} />
      </div>
    </>
  );
}

function WithdrawRecords({ drawType }: { drawType: number }) {
  const { t } = useTranslation();
  const token = useAuth((s) => s.token);
  const query = usePaged<Paged<WithdrawRecord>>(walletKeys.withdrawals(token, drawType), (page, signal) => fetchWithdrawals(drawType, page, signal));
  return (
    <>
      <SectionTitle>{t('withdraw.records')}</SectionTitle>
      <PagedItems query={query} testId="withdraw-records" itemKey={(r) => r.id} renderItem={(r) => <WithdrawRow item={r} />} />
    </>
  );
}

/** /mine/withdraw?type=0 coin | 1 bank: withdraw to a bound method; records below. */
export function WithdrawPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const demo = isDemoUser(useAuth((s) => s.user));
  const tab = params.get('type') === '1' ? 1 : 0;
  // draw types are 1 coin and 2 bank: the tab plus one (spec section 7).
  const drawType = tab + 1;
  return (
    <PageFrame title={t('nav.mine_withdraw')} fallback="/user" testId="page-mine-withdraw">
      {demo ? (
        <RealAccountNotice testId="wallet-demo-notice" />
      ) : (
        <>
          <Tabs activeKey={String(tab)} onChange={(k) => setParams({ type: k }, { replace: true })} className="tp-tabs" data-testid="withdraw-tabs">
            <Tabs.Tab key="0" title={t('withdraw.tab_coin')} />
            <Tabs.Tab key="1" title={t('withdraw.tab_bank')} />
          </Tabs>
          <WithdrawForm key={drawType} drawType={drawType} />
          <WithdrawRecords key={`r${drawType}`} drawType={drawType} />
        </>
      )}
    </PageFrame>
  );
}
