import { useState, type ReactNode } from 'react';
import { Button, Input, Popup, Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { FOREX_STATUS, type ForexOrder } from '@tp/contracts';
import { checkStops } from '@tp/domain';
import { DetailRow } from '../../../components/ui/detail-row';
import { ReceiptVerify } from '../../../components/fair/receipt-verify';
import { useIntent } from '../../../lib/api/intent';
import { money, plainNumber } from '../../../lib/format';
import { setForexStops } from '../api/forex-api';
import { useForexLive } from '../model/forex-live';
import { isLong, isPriceInput, isStopSet } from '../model/forex-order-view';
import { orderPrice, Profit, ReasonTag, SideLabel, StopText } from './forex-order-cards';
import { DateTime } from '../../../components/ui/date-time';

/**
 * A bottom sheet. antd's Popup never finishes its closing animation in jsdom, so a closed sheet
 * is not rendered at all (the caller renders it only while open).
 */
function Sheet({ title, onClose, testId, children }: { title: ReactNode; onClose: () => void; testId: string; children: ReactNode }) {
  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} position="bottom" bodyClassName="tp-sheet-body" showCloseButton destroyOnClose>
      <div className="tp-company-sheet" data-testid={testId}>
        <div className="tp-company-title">
          <b>{title}</b>
        </div>
        {children}
      </div>
    </Popup>
  );
}

/** Every field of an order; a holding order's price and profit stay live. */
export function OrderDetailSheet({ order, onClose }: { order: ForexOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const live = useForexLive((s) => s.orders[order.Id]);
  const holding = order.Status === FOREX_STATUS.holding;
  const pending = order.Status === FOREX_STATUS.pending;
  const history = !holding && !pending;
  const cancelled = order.Status === FOREX_STATUS.cancelled;
  const current = (holding && live?.UpdatePrice) || order.UpdatePrice;
  const profit = (holding && live?.FactProfits) || order.FactProfits;
  const statusKey = holding ? 'status_holding' : pending ? 'status_pending' : cancelled ? 'status_cancelled' : 'status_closed';
  return (
    <Sheet title={t('forexOrders.detail_title')} onClose={onClose} testId="forex-order-sheet">
      <DetailRow label={t('forexOrders.order_id')} testId="forex-detail-id">
        {order.Id}
      </DetailRow>
      <DetailRow label={t('forexOrders.symbol')}>{order.ForexTradeLists.ShowCode}</DetailRow>
      <DetailRow label={t('forexOrders.status')}>{t(`forexOrders.${statusKey}`)}</DetailRow>
      {history ? (
        <DetailRow label={t('forexOrders.close_reason')}>
          <ReasonTag order={order} />
        </DetailRow>
      ) : null}
      <DetailRow label={t('forexOrders.side')}>
        <SideLabel order={order} />
      </DetailRow>
      <DetailRow label={t('forexOrders.order_kind')}>{t(order.IsPending ? 'forexOrders.kind_pending' : 'forexOrders.kind_market')}</DetailRow>
      <DetailRow label={t('forexOrders.leverage')}>{t('forexOrders.leverage_value', { multiple: order.multiple })}</DetailRow>
      <DetailRow label={t('forexOrders.lots')}>{plainNumber(order.Quantity)}</DetailRow>
      <DetailRow label={t('forexOrders.origin_price')}>{orderPrice(order, order.OriginPrice)}</DetailRow>
      <DetailRow label={t(pending ? 'forexOrders.pending_price' : 'forexOrders.open_price')}>{orderPrice(order, order.Price)}</DetailRow>
      <DetailRow label={t(history ? 'forexOrders.close_price' : 'forexOrders.current_price')} testId="forex-detail-price">
        {cancelled ? '--' : orderPrice(order, current)}
      </DetailRow>
      {pending ? null : (
        <DetailRow label={t(history ? 'forexOrders.settled_profit' : 'forexOrders.floating_profit')}>
          {cancelled ? '--' : <Profit value={profit} testId="forex-detail-profit" />}
        </DetailRow>
      )}
      <DetailRow label={t('forexOrders.margin')}>{money(order.CautionMoney)}</DetailRow>
      <DetailRow label={t('forexOrders.fee')}>{money(order.TradeFee)}</DetailRow>
      <DetailRow label={t('forexOrders.stop_loss')}>
        <StopText order={order} value={order.TargetLossPrice} />
      </DetailRow>
      <DetailRow label={t('forexOrders.take_profit')}>
        <StopText order={order} value={order.TargetProfitPrice} />
      </DetailRow>
      <DetailRow label={t(pending ? 'forexOrders.placed_at' : 'forexOrders.opened_at')}>
        <DateTime value={order.CreateTimeHandler} />
      </DetailRow>
      {pending ? null : (
        <DetailRow label={t(holding ? 'forexOrders.filled_at' : cancelled ? 'forexOrders.cancelled_at' : 'forexOrders.closed_at')}>
          <DateTime value={order.CompleteTimeHandler} />
        </DetailRow>
      )}
      {pending || cancelled ? null : <ReceiptVerify kind="contract" id={order.Id} />}
      <Button block onClick={onClose} className="tp-fx-sheet-button">
        {t('public.close')}
      </Button>
    </Sheet>
  );
}

type StopField = 'sl' | 'tp';

function StopRow({
  field,
  label,
  on,
  value,
  error,
  onToggle,
  onChange,
}: {
  field: StopField;
  label: string;
  on: boolean;
  value: string;
  error: string | null;
  onToggle: (on: boolean) => void;
  onChange: (v: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="tp-fx-stop" data-testid={`forex-stop-${field}`}>
      <div className="tp-fx-stop-head">
        <span>{label}</span>
        <Switch checked={on} onChange={onToggle} aria-label={label} data-testid={`forex-stop-${field}-switch`} />
      </div>
      {on ? (
        <Input
          className="tp-boxed-input tp-fx-stop-input"
          value={value}
          onChange={(v) => onChange(v.replace(',', '.'))}
          inputMode="decimal"
          placeholder={t('forexOrders.price_placeholder')}
          aria-label={label}
          data-testid={`forex-stop-${field}-input`}
        />
      ) : null}
      {error ? (
        <div className="tp-fx-stop-error" role="alert" data-testid={`forex-stop-${field}-error`}>
          {error}
        </div>
      ) : null}
    </div>
  );
}

/**
 * Stop loss / take profit of a holding order: a switch and a price each. Switching one on fills
 * in the current price; off sends 0. Checked against the current price with the domain's rule
 * (checkStops, as the server checks) before anything is sent; a server refusal is toasted by the
 * api client and the sheet stays open.
 */
export function StopsSheet({ order, onClose, onSaved }: { order: ForexOrder; onClose: () => void; onSaved: (o: ForexOrder) => void }) {
  const { t } = useTranslation();
  const live = useForexLive((s) => s.orders[order.Id]);
  const current = live?.UpdatePrice ?? order.UpdatePrice;
  const [slOn, setSlOn] = useState(isStopSet(order.TargetLossPrice));
  const [tpOn, setTpOn] = useState(isStopSet(order.TargetProfitPrice));
  const [sl, setSl] = useState(isStopSet(order.TargetLossPrice) ? order.TargetLossPrice : '');
  const [tp, setTp] = useState(isStopSet(order.TargetProfitPrice) ? order.TargetProfitPrice : '');
  const [errors, setErrors] = useState<Record<StopField, string | null>>({ sl: null, tp: null });
  const [busy, setBusy] = useState(false);
  const intent = useIntent();
  const side = isLong(order) ? 'long' : 'short';

  const toggle = (field: StopField, on: boolean) => {
    (field === 'sl' ? setSlOn : setTpOn)(on);
    if (on) (field === 'sl' ? setSl : setTp)(current);
    setErrors((e) => ({ ...e, [field]: null }));
  };

  const save = async () => {
    const slValue = slOn ? sl.trim() : '0';
    const tpValue = tpOn ? tp.trim() : '0';
    const next: Record<StopField, string | null> = {
      sl: slOn && !isPriceInput(slValue) ? t('forexOrders.enter_price') : null,
      tp: tpOn && !isPriceInput(tpValue) ? t('forexOrders.enter_price') : null,
    };
    if (!next.sl && !next.tp) {
      const problem = checkStops(order.OrderType, current, slValue, tpValue);
      if (problem === 'stop_loss_invalid') next.sl = t(`forexOrders.stop_loss_invalid_${side}`);
      if (problem === 'take_profit_invalid') next.tp = t(`forexOrders.take_profit_invalid_${side}`);
    }
    setErrors(next);
    if (next.sl || next.tp) return;
    setBusy(true);
    try {
      const updated = await intent.run({ id: order.Id, slValue, tpValue }, (key) => setForexStops(order.Id, slValue, tpValue, key));
      onSaved(updated);
    } catch {
      /* the api client showed the server's reason */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Sheet title={t('forexOrders.stops_title')} onClose={onClose} testId="forex-stops-sheet">
      <div className="tp-fx-stops-meta">
        <span>
          <b>{order.ForexTradeLists.ShowCode}</b> <SideLabel order={order} />
        </span>
        <span>
          <span className="tp-muted">{t('forexOrders.current_price')} </span>
          <b data-testid="forex-stops-current">{orderPrice(order, current)}</b>
        </span>
      </div>
      <StopRow field="sl" label={t('forexOrders.stop_loss')} on={slOn} value={sl} error={errors.sl} onToggle={(on) => toggle('sl', on)} onChange={setSl} />
      <StopRow field="tp" label={t('forexOrders.take_profit')} on={tpOn} value={tp} error={errors.tp} onToggle={(on) => toggle('tp', on)} onChange={setTp} />
      <p className="tp-muted tp-fx-stops-hint">{t(`forexOrders.stops_hint_${side}`)}</p>
      <Button block color="primary" loading={busy} disabled={busy} onClick={() => void save()} className="tp-fx-sheet-button" data-testid="forex-stops-save">
        {t('public.confirm')}
      </Button>
    </Sheet>
  );
}
