import '../wallet.css';
import { useEffect, useRef, useState } from 'react';
import { Button } from 'antd-mobile';
import { DownOutline, LoopOutline } from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_TYPES, type Paged, type TransferRecord } from '@tp/contracts';
import { Field } from '../../../components/ui/field';
import { PageFrame } from '../../../components/ui/page-frame';
import { useIntent } from '../../../lib/api/intent';
import { isDemoUser, useAuth } from '../../../lib/auth-store';
import { money } from '../../../lib/format';
import { useBalance } from '../../../lib/queries';
import { toast } from '../../../lib/toast';
import { fetchTransfers, submitTransfer } from '../api/transfers';
import { walletKeys } from '../api/wallet-keys';
import { RealAccountNotice } from '../../../components/ui/real-account-notice';
import { SectionTitle } from '../components/section-title';
import { AccountPicker } from '../components/account-picker';
import { PagedItems, usePaged } from '../components/paged-list';
import { accountNameKey, accountOf, allAmount, cleanAmount, isPositiveAmount, type AccountTypeId } from '../model/wallet-model';
import { DateTime } from '../../../components/ui/date-time';

/** Balances are read again this long after a transfer succeeds (spec section 9). */
export const TRANSFER_REFRESH_MS = 1000;

export interface Sides { from: AccountTypeId; to: AccountTypeId }

/** Choose one side; choosing what the other side holds swaps them (spec section 5). */
export function pickSide(sides: Sides, side: 'from' | 'to', id: AccountTypeId): Sides {
  const other = side === 'from' ? 'to' : 'from';
  if (sides[other] === id) return { from: sides.to, to: sides.from };
  return { ...sides, [side]: id };
}

function TransferRow({ item }: { item: TransferRecord }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="tp-record-main">
        <b className="tp-record-title">
          {t(accountNameKey(item.from))} <span className="tp-flip-rtl tp-arrow">→</span> {t(accountNameKey(item.to))}
        </b>
        <span className="tp-muted"><DateTime value={item.created_at} /></span>
      </div>
      <div className="tp-record-side">
        <span className="tp-num" data-testid="transfer-record-amount">
          {money(item.balance)}
        </span>
      </div>
    </>
  );
}

/** /mine/transfer: move money between the user's own accounts; history below. */
export function TransferPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const token = useAuth((s) => s.token);
  const demo = isDemoUser(useAuth((s) => s.user));
  const balance = useBalance();
  const [sides, setSides] = useState<Sides>({ from: ACCOUNT_TYPES.change, to: ACCOUNT_TYPES.forex });
  const [picking, setPicking] = useState<'from' | 'to' | null>(null);
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const intent = useIntent();
  const history = usePaged<Paged<TransferRecord>>(walletKeys.transfers(token), (page, signal) => fetchTransfers(page, signal), !demo);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const fromAvailable = accountOf(balance.data, sides.from)?.balance;
  const toAvailable = accountOf(balance.data, sides.to)?.balance;

  const submit = async () => {
    if (busy) return;
    if (!isPositiveAmount(amount)) return toast(t('transfer.input_amount'));
    setBusy(true);
    try {
      const form = { balance: amount, from: sides.from, to: sides.to };
      await intent.run(form, (key) => submitTransfer(form, key));
      setAmount('');
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: walletKeys.balance });
        void queryClient.invalidateQueries({ queryKey: walletKeys.transfers(token) });
      }, TRANSFER_REFRESH_MS);
    } catch {
      /* the api client showed the server's msg */
    } finally {
      setBusy(false);
    }
  };

  const sideButton = (side: 'from' | 'to') => (
    <button type="button" className="tp-transfer-side" onClick={() => setPicking(side)} data-testid={`transfer-${side}`} data-account={sides[side]}>
      <span className="tp-muted">{side === 'from' ? t('transfer.from') : t('transfer.to')}</span>
      <b>{t(accountNameKey(sides[side]))}</b>
      <span className="tp-muted tp-side-available" data-testid={`transfer-${side}-available`}>
        {t('wallet.available_amount', { amount: money(side === 'from' ? fromAvailable : toAvailable) })}
      </span>
      <DownOutline className="tp-transfer-caret" />
    </button>
  );

  return (
    <PageFrame title={t('nav.mine_transfer')} fallback="/user" testId="page-mine-transfer">
      {demo ? (
        <RealAccountNotice testId="wallet-demo-notice" />
      ) : (
        <>
          <div className="tp-card">
            <div className="tp-transfer-sides">
              {sideButton('from')}
              <button type="button" className="tp-icon-btn tp-transfer-swap" aria-label={t('transfer.swap')} onClick={() => setSides({ from: sides.to, to: sides.from })} data-testid="transfer-swap">
                <LoopOutline />
              </button>
              {sideButton('to')}
            </div>
            <Field
              name="transfer-amount"
              label={t('transfer.amount')}
              value={amount}
              onChange={(v) => setAmount(cleanAmount(v))}
              placeholder={t('transfer.input_amount')}
              inputMode="decimal"
              testId="transfer-amount"
              suffix={
                <Button size="mini" fill="none" color="primary" className="tp-input-suffix" onClick={() => setAmount(allAmount(fromAvailable))} data-testid="transfer-all">
                  {t('wallet.all')}
                </Button>
              }
            />
            <div className="tp-actions">
              <Button block color="primary" size="large" loading={busy} onClick={() => void submit()} data-testid="transfer-submit">
                {t('transfer.submit')}
              </Button>
            </div>
          </div>
          <SectionTitle>{t('transfer.records')}</SectionTitle>
          <PagedItems query={history} testId="transfer-records" itemKey={(r) => r.id} renderItem={(r) => <TransferRow item={r} />} />
          <AccountPicker
            visible={picking !== null}
            value={picking ? sides[picking] : sides.from}
            title={picking === 'to' ? t('transfer.to') : t('transfer.from')}
            testId="transfer-pick"
            onClose={() => setPicking(null)}
            onPick={(id) => {
              if (picking) setSides((s) => pickSide(s, picking, id));
              setPicking(null);
            }}
          />
        </>
      )}
    </PageFrame>
  );
}
