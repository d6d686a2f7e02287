import '../forex-form.css';
import { memo, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, Switch } from 'antd-mobile';
import { AddOutline, ExclamationCircleOutline, MinusOutline } from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ACCOUNT_TYPES, MARKET_OPEN, type TradeSymbol } from '@tp/contracts';
import { FOREX_BUY, FOREX_SELL, type Decimal, type ForexSide } from '@tp/domain';
import { LoadError } from '../../../components/ui/states';
import { useIntent } from '../../../lib/api/intent';
import { useAuth } from '../../../lib/auth-store';
import { decimal, localNumber, money, plainNumber, price as priceText } from '../../../lib/format';
import { useBalance, useBasicInfo } from '../../../lib/queries';
import { toast } from '../../../lib/toast';
import { refreshAfterForexChange, submitForex } from '../api/forex-api';
import { canDecrease, checkForexOrder, decimalTyping, decreaseLots, forexPreview, fundsShortfall, increaseLots, type FormValues } from '../model/order-form';

/** A fee exactly as the server charges it (6 decimals at most), at least 2 decimals shown: a fee may be a fraction of a cent. */
function exactMoney(d: Decimal): string {
  return localNumber(d.toFixed(Math.max(2, d.decimalPlaces())));
}

/** The margin an order holds, or what is missing for it: 2 decimals as every amount, rounded up (never shown as less than it takes). */
function chargeText(d: Decimal): string {
  return decimal(d, 2, 'up');
}

function Field({ label, children, htmlFor }: { label: string; children: ReactNode; htmlFor?: string }) {
  return (
    <div className="tp-fx-field">
      <label className="tp-fx-label" htmlFor={htmlFor}>
        {label}
      </label>
      {children}
    </div>
  );
}

function PriceInput({ id, value, onChange, testId, label }: { id: string; value: string; onChange: (v: string) => void; testId: string; label: string }) {
  const { t } = useTranslation();
  return (
    <input
      id={id}
      className="tp-fx-input"
      type="text"
      inputMode="decimal"
      autoComplete="off"
      dir="ltr"
      value={value}
      onChange={(e) => onChange(decimalTyping(e.target.value))}
      placeholder={t('forexForm.price_placeholder')}
      aria-label={label}
      data-testid={testId}
    />
  );
}

interface StopRowProps {
  id: string;
  label: string;
  on: boolean;
  value: string;
  onToggle: (on: boolean) => void;
  onChange: (v: string) => void;
  testId: string;
}

const StopRow = memo(function StopRow({ id, label, on, value, onToggle, onChange, testId }: StopRowProps) {
  return (
    <div className="tp-fx-stop">
      <div className="tp-fx-stop-head">
        <span className="tp-fx-label" id={`${id}-label`}>
          {label}
        </span>
        <Switch checked={on} onChange={onToggle} aria-labelledby={`${id}-label`} data-testid={`${testId}-switch`} />
      </div>
      {on ? <PriceInput id={id} value={value} onChange={onChange} testId={`${testId}-price`} label={label} /> : null}
    </div>
  );
});

type Set = (patch: Partial<FormValues>) => void;

const SideToggle = memo(function SideToggle({ side: current, set }: { side: ForexSide; set: Set }) {
  const { t } = useTranslation();
  return (
    <div className="tp-fx-sides" role="radiogroup" aria-label={t('forexForm.direction')}>
      {([FOREX_BUY, FOREX_SELL] as ForexSide[]).map((side) => (
        <button
          key={side}
          type="button"
          role="radio"
          aria-checked={current === side}
          className={`tp-fx-side ${side === FOREX_BUY ? 'buy' : 'sell'}${current === side ? ' active' : ''}`}
          onClick={() => set({ side })}
          data-testid={side === FOREX_BUY ? 'forex-side-buy' : 'forex-side-sell'}
        >
          {t(side === FOREX_BUY ? 'forexForm.long' : 'forexForm.short')}
        </button>
      ))}
    </div>
  );
});

const KindChips = memo(function KindChips({ kind: current, onKind }: { kind: 0 | 1; onKind: (kind: 0 | 1) => void }) {
  const { t } = useTranslation();
  return (
    <div className="tp-fx-kinds" role="radiogroup" aria-label={t('forexForm.order_kind')}>
      {([1, 0] as const).map((kind) => (
        <button
          key={kind}
          type="button"
          role="radio"
          aria-checked={current === kind}
          className={current === kind ? 'tp-chip active' : 'tp-chip'}
          onClick={() => onKind(kind)}
          data-testid={kind === 1 ? 'forex-kind-market' : 'forex-kind-pending'}
        >
          {t(kind === 1 ? 'forexForm.kind_market' : 'forexForm.kind_pending')}
        </button>
      ))}
    </div>
  );
});

const LeverageChips = memo(function LeverageChips({ leverages, value: current, set }: { leverages: number[]; value: number | null; set: Set }) {
  const { t } = useTranslation();
  return (
    <Field label={t('forexForm.leverage')}>
      <div className="tp-fx-chips" role="radiogroup" aria-label={t('forexForm.leverage')}>
        {leverages.map((value) => (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={current === value}
            className={current === value ? 'tp-chip active' : 'tp-chip'}
            onClick={() => set({ leverage: value })}
            data-testid="forex-leverage"
            data-value={value}
          >
            {t('forexForm.leverage_value', { value })}
          </button>
        ))}
      </div>
    </Field>
  );
});

const LotsStepper = memo(function LotsStepper({ lots, step, min, set }: { lots: string; step: string; min: string; set: Set }) {
  const { t } = useTranslation();
  return (
    <Field label={t('forexForm.lots')} htmlFor="tp-fx-lots">
      <div className="tp-fx-stepper" dir="ltr">
        <button
          type="button"
          className="tp-fx-step"
          disabled={!canDecrease(lots, step, min)}
          onClick={() => set({ lots: decreaseLots(lots, step, min) })}
          aria-label={t('forexForm.decrease')}
          data-testid="forex-lots-minus"
        >
          <MinusOutline />
        </button>
        <input
          id="tp-fx-lots"
          className="tp-fx-input"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={lots}
          onChange={(e) => set({ lots: decimalTyping(e.target.value) })}
          placeholder={t('forexForm.lots_placeholder', { min: plainNumber(min) })}
          data-testid="forex-lots"
        />
        <button
          type="button"
          className="tp-fx-step"
          onClick={() => set({ lots: increaseLots(lots, step, min) })}
          aria-label={t('forexForm.increase')}
          data-testid="forex-lots-plus"
        >
          <AddOutline />
        </button>
      </div>
      <span className="tp-fx-hint tp-muted">{t('forexForm.lots_hint', { step: plainNumber(step), min: plainNumber(min) })}</span>
    </Field>
  );
});

const SubmitButton = memo(function SubmitButton({ buy, disabled, sending, onSend }: { buy: boolean; disabled: boolean; sending: boolean; onSend: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      className={buy ? 'tp-btn-up' : 'tp-btn-down'}
      block
      disabled={disabled}
      loading={sending}
      onClick={onSend}
      data-testid="forex-submit"
      data-side={buy ? FOREX_BUY : FOREX_SELL}
    >
      {t(buy ? 'forexForm.submit_buy' : 'forexForm.submit_sell')}
    </Button>
  );
});

interface ForexOrderFormProps {
  symbol: TradeSymbol;
  /** The live close of the symbol (DAY_MARKET), or its last known close. */
  price: string;
}

/**
 * The contract (forex) order form of the trade screen: long or short, market or pending price,
 * leverage, lots stepper, stop loss and take profit, the margin and fee preview (shared domain
 * rules, fed as the server's submit feeds them), the contract account's available balance and
 * the order button. Mount it with `key={symbol.Id}`: a new symbol starts from its own defaults.
 *
 * The live price arrives several times a second. Only what shows it (the current price, the
 * margin and fee, the shortfall and the button's state) renders again on a tick; the controls are
 * memoised, and what they need of the price when tapped (a pending price or a stop starting at the
 * market) they read through a ref.
 */
export function ForexOrderForm({ symbol, price }: ForexOrderFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = useAuth((s) => s.token);
  const basic = useBasicInfo();
  const balance = useBalance();
  const leverages = useMemo(() => symbol.HasForexMultiple.map((m) => m.Value), [symbol]);
  const [v, setV] = useState<FormValues>(() => ({
    side: FOREX_BUY,
    kind: 1,
    lots: symbol.ForexMinCont,
    leverage: leverages[0] ?? null,
    pendingPrice: '',
    stopLossOn: false,
    stopLoss: '',
    takeProfitOn: false,
    takeProfit: '',
  }));
  const [sending, setSending] = useState(false);
  // State updates land after the next render; a second tap within the same frame must see this.
  const inFlight = useRef(false);
  const intent = useIntent();
  const set = useCallback<Set>((patch) => setV((old) => ({ ...old, ...patch })), []);
  // The price a tap starts from: the newest, without making the controls follow every tick.
  const priceNow = useRef(price);
  priceNow.current = price;

  const onKind = useCallback((kind: 0 | 1) => setV((old) => ({ ...old, ...(kind === 0 && old.pendingPrice === '' ? { kind, pendingPrice: priceNow.current } : { kind }) })), []);
  const onPending = useCallback((pendingPrice: string) => set({ pendingPrice }), [set]);
  const onStopLoss = useCallback((on: boolean) => set(on ? { stopLossOn: true, stopLoss: priceNow.current } : { stopLossOn: false }), [set]);
  const onStopLossPrice = useCallback((stopLoss: string) => set({ stopLoss }), [set]);
  const onTakeProfit = useCallback((on: boolean) => set(on ? { takeProfitOn: true, takeProfit: priceNow.current } : { takeProfitOn: false }), [set]);
  const onTakeProfitPrice = useCallback((takeProfit: string) => set({ takeProfit }), [set]);

  const open = symbol.MarketStatus === MARKET_OPEN;
  const hasLeverage = leverages.length > 0;
  const feeType = basic.data?.trade_fee_type ?? 1;
  const preview = forexPreview(symbol, v, price, feeType);
  const account = balance.data?.find((a) => a.accountTypeId === ACCOUNT_TYPES.forex);
  const buy = v.side === FOREX_BUY;
  // Said before sending (the server would refuse): the button is off and the reason shown.
  const short = token && account ? fundsShortfall(preview, account.balance) : null;

  async function send() {
    if (!token) {
      navigate('/login?from=/trade');
      return;
    }
    if (inFlight.current) return;
    const checked = checkForexOrder(symbol, v, priceNow.current);
    if (checked.problem) {
      toast(t(checked.problem.key, checked.problem.values));
      return;
    }
    inFlight.current = true;
    setSending(true);
    try {
      // The server's msg announces the order (spec section 7).
      await intent.run(checked.body, (key) => submitForex(checked.body, key));
      refreshAfterForexChange(queryClient);
    } catch {
      // The api client already showed the server's msg (refusal) or the network error.
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }
  // The button keeps one handler; it sends what the form holds at the tap.
  const sendNow = useRef(send);
  sendNow.current = send;
  const onSend = useCallback(() => void sendNow.current(), []);

  if (basic.isPending || (token && balance.isPending)) {
    return (
      <section className="tp-card tp-fx-form" aria-busy="true" data-testid="forex-form-loading">
        <span className="tp-sk" style={{ width: '100%', height: 36 }} />
        <span className="tp-sk" style={{ width: '60%', height: 16, marginTop: 12 }} />
        <span className="tp-sk" style={{ width: '100%', height: 36, marginTop: 8 }} />
        <span className="tp-sk" style={{ width: '100%', height: 40, marginTop: 12 }} />
        <span className="tp-sk" style={{ width: '100%', height: 44, marginTop: 12 }} />
      </section>
    );
  }
  if (basic.isError || (token && balance.isError)) {
    return (
      <section className="tp-card tp-fx-form" data-testid="forex-form-error">
        <LoadError
          compact
          onRetry={() => {
            if (basic.isError) void basic.refetch();
            if (balance.isError) void balance.refetch();
          }}
        />
      </section>
    );
  }

  return (
    <section className="tp-card tp-fx-form" data-testid="forex-form" data-side={v.side} data-kind={v.kind}>
      <SideToggle side={v.side} set={set} />

      <div className="tp-fx-row">
        <KindChips kind={v.kind} onKind={onKind} />
        <span className="tp-fx-current">
          <span className="tp-muted">{t('forexForm.current_price')}</span>
          <b dir="ltr" data-testid="forex-current-price">
            {priceText(price, symbol.PricePrecision)}
          </b>
        </span>
      </div>

      {v.kind === 0 ? (
        <Field label={t('forexForm.pending_price')} htmlFor="tp-fx-pending">
          <PriceInput id="tp-fx-pending" value={v.pendingPrice} onChange={onPending} testId="forex-pending-price" label={t('forexForm.pending_price')} />
        </Field>
      ) : null}

      {hasLeverage ? <LeverageChips leverages={leverages} value={v.leverage} set={set} /> : null}

      <LotsStepper lots={v.lots} step={symbol.Pip} min={symbol.ForexMinCont} set={set} />

      <StopRow id="tp-fx-sl" label={t('forexForm.stop_loss')} on={v.stopLossOn} value={v.stopLoss} onToggle={onStopLoss} onChange={onStopLossPrice} testId="forex-stop-loss" />
      <StopRow id="tp-fx-tp" label={t('forexForm.take_profit')} on={v.takeProfitOn} value={v.takeProfit} onToggle={onTakeProfit} onChange={onTakeProfitPrice} testId="forex-take-profit" />

      <div className="tp-fx-facts">
        <span>
          <span className="tp-muted">{t('forexForm.margin')}</span>
          <b data-testid="forex-margin">{preview ? chargeText(preview.margin) : '--'}</b>
        </span>
        <span>
          <span className="tp-muted">{t('forexForm.fee')}</span>
          <b data-testid="forex-fee">{preview ? exactMoney(preview.fee) : '--'}</b>
        </span>
        <span>
          <span className="tp-muted">{t('forexForm.available')}</span>
          <b data-testid="forex-balance">{token ? money(account?.balance) : '--'}</b>
        </span>
      </div>

      {/* Above the button it explains, where the eye goes before tapping. */}
      {hasLeverage && open && short ? (
        <div className="tp-fx-short" role="status" data-testid="forex-insufficient">
          <ExclamationCircleOutline />
          <span>{t('forexForm.insufficient', { need: chargeText(short.need) })}</span>
        </div>
      ) : null}
      {hasLeverage ? (
        <SubmitButton buy={buy} disabled={!open || sending || short !== null} sending={sending} onSend={onSend} />
      ) : (
        <div className="tp-fx-no-mult" role="status" data-testid="forex-no-mult">
          <ExclamationCircleOutline />
          <span>{t('forexForm.no_mult_config')}</span>
        </div>
      )}
      {hasLeverage && !open ? (
        <div className="tp-fx-closed tp-muted" data-testid="forex-closed">
          {t('forexForm.market_closed')}
        </div>
      ) : null}
    </section>
  );
}
