import '../micro.css';
import { useEffect, useState } from 'react';
import { Button, Input } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MARKET_OPEN, MICRO_ACCOUNT_TYPE_ID, MICRO_TYPE_DOWN, MICRO_TYPE_UP, type TradeSymbol } from '@tp/contracts';
import { dec, microProfit } from '@tp/domain';
import { LoadError } from '../../../components/ui/states';
import { useIntent } from '../../../lib/api/intent';
import { useAuth } from '../../../lib/auth-store';
import { money, plainNumber } from '../../../lib/format';
import { useBalance } from '../../../lib/queries';
import { toast } from '../../../lib/toast';
import { refreshAfterMicroChange, submitMicro, useMicroSeconds } from '../api/micro-api';
import { useLiveOptions } from '../model/live-options';
import { MicroLiveOrders } from './micro-live-orders';

/** Percent of a fractional ratio, as fixed-point text for the format helpers: "0.85" -> "85", "0.855" -> "85.5". */
export function ratioPercent(ratio: string): string {
  try {
    return dec(ratio).times(100).toDecimalPlaces(2).toFixed();
  } catch {
    return '--';
  }
}

function belowMinimum(amount: string, min: string): boolean {
  try {
    return amount.trim() === '' || dec(amount).lte(0) || dec(amount).lt(min);
  } catch {
    return true;
  }
}

/** The stake is more than the options account has available (false while either is unknown). */
export function exceedsBalance(amount: string, available: string | null | undefined): boolean {
  if (available === null || available === undefined || amount.trim() === '') return false;
  try {
    return dec(amount).gt(available);
  } catch {
    return false;
  }
}

/**
 * The option order form of the trade screen: seconds options with their ratios, amount with
 * preset chips, the profit preview (shared domain rule), the options balance, Buy up / down; below
 * it the user's running options and their results (MicroLiveOrders).
 */
export function MicroOrderForm({ symbol }: { symbol: TradeSymbol }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = useAuth((s) => s.token);
  const options = useMicroSeconds();
  const balance = useBalance();
  const [seconds, setSeconds] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [sending, setSending] = useState<1 | 2 | null>(null);
  const intent = useIntent();

  const list = options.data?.seconds ?? [];
  const chosen = list.find((o) => o.Seconds === seconds) ?? list[0];
  useEffect(() => {
    if (seconds === null && list[0]) setSeconds(list[0].Seconds);
  }, [seconds, list]);

  const open = symbol.MarketStatus === MARKET_OPEN;
  const account = balance.data?.find((a) => a.accountTypeId === MICRO_ACCOUNT_TYPE_ID);
  const preview = chosen ? microProfit(amount, chosen.ProfitRatio) : '0.00';
  // Said before sending (the server would refuse): both buttons off and the reason shown.
  const short = Boolean(token) && exceedsBalance(amount, account?.balance);

  async function buy(type: 1 | 2) {
    if (!token) {
      navigate('/login?from=/trade');
      return;
    }
    if (!chosen) return;
    if (belowMinimum(amount, chosen.LimitAmount)) {
      toast(t('micro.min_amount', { min: money(chosen.LimitAmount) }));
      return;
    }
    setSending(type);
    try {
      const body = { forex_id: symbol.Id, type, number: amount.trim(), seconds: chosen.Seconds };
      const created = await intent.run(body, (key) => submitMicro(body, key));
      // Shown at once below the form, counting down from the submit's own answer.
      useLiveOptions.getState().bought(created, Date.now());
      refreshAfterMicroChange(queryClient);
    } catch {
      // The api client already showed the server's msg (refusal) or the network error.
    } finally {
      setSending(null);
    }
  }

  if (options.isPending) {
    return (
      <section className="tp-card tp-micro-form" aria-busy="true" data-testid="micro-form-loading">
        <span className="tp-sk" style={{ width: '40%', height: 16 }} />
        <span className="tp-sk" style={{ width: '100%', height: 56, marginTop: 12 }} />
        <span className="tp-sk" style={{ width: '100%', height: 40, marginTop: 12 }} />
        <span className="tp-sk" style={{ width: '100%', height: 44, marginTop: 12 }} />
      </section>
    );
  }
  if (options.isError) {
    return (
      <section className="tp-card tp-micro-form">
        <LoadError compact onRetry={() => void options.refetch()} />
      </section>
    );
  }

  return (
    <>
      <section className="tp-card tp-micro-form" data-testid="micro-form">
        <div className="tp-micro-label">{t('micro.duration')}</div>
        <div className="tp-micro-seconds" role="radiogroup" aria-label={t('micro.duration')}>
          {list.map((o) => (
            <button
              key={o.Id}
              type="button"
              role="radio"
              aria-checked={o.Seconds === chosen?.Seconds}
              className={o.Seconds === chosen?.Seconds ? 'tp-chip active' : 'tp-chip'}
              onClick={() => setSeconds(o.Seconds)}
              data-testid="micro-seconds-option"
              data-seconds={o.Seconds}
            >
              <b>{t('micro.seconds_value', { seconds: o.Seconds })}</b>
              <span>{t('micro.ratio_value', { ratio: plainNumber(ratioPercent(o.ProfitRatio)) })}</span>
            </button>
          ))}
        </div>

        <div className="tp-micro-label">{t('micro.amount')}</div>
        <Input
          className="tp-boxed-input"
          type="text"
          inputMode="decimal"
          value={amount}
          onChange={(v) => setAmount(v.replace(/[^\d.]/g, ''))}
          placeholder={chosen ? t('micro.amount_placeholder', { min: money(chosen.LimitAmount) }) : ''}
          // no clear cross: antd-mobile draws it as a div with a label and no role, which assistive
          // technology cannot use (the amount is a few digits, deleted as quickly)
          data-testid="micro-amount"
          aria-label={t('micro.amount')}
        />
        <div className="tp-micro-presets">
          {(options.data?.number ?? []).map((p) => (
            <button key={p.Number} type="button" className={amount === p.Number ? 'tp-chip active' : 'tp-chip'} onClick={() => setAmount(p.Number)} data-testid="micro-preset">
              {p.Number}
            </button>
          ))}
        </div>

        <div className="tp-micro-facts">
          <span>
            <span className="tp-muted">{t('micro.expected_profit')}</span>
            <b className="tp-up" data-testid="micro-profit-preview">
              {money(preview)}
            </b>
          </span>
          <span>
            <span className="tp-muted">{t('micro.available')}</span>
            <b data-testid="micro-balance">{token ? money(account?.balance) : '--'}</b>
          </span>
        </div>

        {open && short ? (
          <div className="tp-micro-short" role="status" data-testid="micro-insufficient">
            {t('micro.insufficient')}
          </div>
        ) : null}
        <div className="tp-micro-buttons">
          <Button className="tp-btn-up" block disabled={!open || sending !== null || short} loading={sending === MICRO_TYPE_UP} onClick={() => void buy(MICRO_TYPE_UP)} data-testid="micro-buy-up">
            {t('micro.buy_up')}
          </Button>
          <Button className="tp-btn-down" block disabled={!open || sending !== null || short} loading={sending === MICRO_TYPE_DOWN} onClick={() => void buy(MICRO_TYPE_DOWN)} data-testid="micro-buy-down">
            {t('micro.buy_down')}
          </Button>
        </div>
        {!open ? (
          <div className="tp-micro-closed tp-muted" data-testid="micro-closed">
            {t('micro.market_closed')}
          </div>
        ) : null}
      </section>
      <MicroLiveOrders />
    </>
  );
}
