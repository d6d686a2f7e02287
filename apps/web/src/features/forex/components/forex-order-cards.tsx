import type { ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { FOLLOW_TYPE_COPY, FOREX_STATUS, type ForexOrder } from '@tp/contracts';
import { exactPrice, money, plainNumber, signedMoney, trendClass } from '../../../lib/format';
import { useForexLive } from '../model/forex-live';
import { historyReasonKey, isLong, isStopSet } from '../model/forex-order-view';
import { DateTime } from '../../../components/ui/date-time';

/** "Long x10" / "Short x20", coloured by side. */
export function SideLabel({ order }: { order: ForexOrder }) {
  const { t } = useTranslation();
  const long = isLong(order);
  return (
    <span className={`tp-fx-side ${long ? 'tp-up' : 'tp-down'}`} data-testid="forex-side" data-side={long ? 'long' : 'short'}>
      {t('forexOrders.side_leverage', { side: t(long ? 'forexOrders.long' : 'forexOrders.short'), multiple: order.multiple })}
    </span>
  );
}

/** A price at the order's symbol precision (more when the wire carries more, e.g. a spread-moved fill). */
export const orderPrice = (o: ForexOrder, v: string | null | undefined) => exactPrice(v, o.ForexTradeLists.PricePrecision);

/** A stop price, or "not set" for 0. */
export function StopText({ order, value }: { order: ForexOrder; value: string }) {
  const { t } = useTranslation();
  return isStopSet(value) ? <>{orderPrice(order, value)}</> : <span className="tp-muted">{t('forexOrders.not_set')}</span>;
}

/**
 * A signed profit, coloured by sign. The figure is isolated left to right so that in Arabic the
 * sign stays in front of it, while the element itself keeps the page's direction (alignment).
 */
export function Profit({ value, testId, big }: { value: string; testId?: string; big?: boolean }) {
  return (
    <b className={`${trendClass(value)}${big ? ' tp-fx-profit' : ''}`} data-testid={testId} data-value={value}>
      <bdi dir="ltr">{signedMoney(value)}</bdi>
    </b>
  );
}

/** Why a history order left the book, as a small tag. */
export function ReasonTag({ order }: { order: ForexOrder }) {
  const { t } = useTranslation();
  const key = historyReasonKey(order);
  return (
    <span className={`tp-fx-tag${order.Status === FOREX_STATUS.cancelled ? ' tp-fx-tag-muted' : ''}`} data-testid="forex-close-reason" data-reason={key}>
      {t(`forexOrders.${key}`)}
    </span>
  );
}

/** One fact of a card; `wide` takes the whole row (a date and time with its zone does not fit a third). */
function Fact({ label, children, testId, wide }: { label: string; children: ReactNode; testId?: string; wide?: boolean }) {
  return (
    <span className={wide ? 'tp-fx-fact tp-fx-fact-wide' : 'tp-fx-fact'}>
      <span className="tp-muted">{label}</span>
      <b data-testid={testId}>{children}</b>
    </span>
  );
}

/**
 * A copy of a trader's order (FollowType 2): whose order it copies, and the trader's fill beside
 * this copy's (equal by rule) - in history also both closes. Nothing for an own order.
 */
export function CopyMark({ order }: { order: ForexOrder }) {
  const { t } = useTranslation();
  if (order.FollowType !== FOLLOW_TYPE_COPY || !order.Copy) return null;
  const c = order.Copy;
  const closed = order.Status === FOREX_STATUS.closed && c.TraderClosePrice !== '';
  return (
    <span className="tp-fx-copy" data-testid="forex-copy-mark" data-follow-type={order.FollowType}>
      <span className="tp-fx-copy-from" data-testid="forex-copied-from">
        <span className="tp-fx-tag">{t('forexOrders.copied_from')}</span>
        <bdi className="tp-fx-copy-trader">{c.TraderNickname}</bdi>
      </span>
      <span className="tp-fx-copy-fills">
        <span>
          <span className="tp-muted">{t('forexOrders.trader_fill')}</span>{' '}
          <b dir="ltr" data-testid="forex-copy-trader-price">
            {orderPrice(order, c.TraderPrice)}
          </b>
        </span>
        <span>
          <span className="tp-muted">{t('forexOrders.your_fill')}</span>{' '}
          <b dir="ltr" data-testid="forex-copy-price">
            {orderPrice(order, order.Price)}
          </b>
        </span>
        {closed ? (
          <span>
            <span className="tp-muted">{t('forexOrders.trader_close')}</span>{' '}
            <b dir="ltr" data-testid="forex-copy-trader-close">
              {orderPrice(order, c.TraderClosePrice)}
            </b>
          </span>
        ) : null}
      </span>
    </span>
  );
}

interface CardShellProps {
  order: ForexOrder;
  testId: string;
  onOpen: () => void;
  head: ReactNode;
  facts: ReactNode;
  actions?: ReactNode;
}

/** A card: tapping its body opens the detail sheet; its actions are separate buttons. */
function CardShell({ order, testId, onOpen, head, facts, actions }: CardShellProps) {
  return (
    <div className="tp-card tp-fx-card" data-testid={testId} data-id={order.Id} data-follow-type={order.FollowType}>
      <button type="button" className="tp-fx-card-main" onClick={onOpen} data-testid="forex-order-open">
        <span className="tp-fx-head">
          <b className="tp-fx-code">{order.ForexTradeLists.ShowCode}</b>
          <SideLabel order={order} />
          {head}
        </span>
        <CopyMark order={order} />
        <span className="tp-fx-grid">{facts}</span>
      </button>
      {actions ? <div className="tp-fx-actions">{actions}</div> : null}
    </div>
  );
}

/** Holding: live current price and floating profit from FOREX_TRADE (this card's order only). */
export function HoldingCard({ order, busy, onOpen, onStops, onClose }: { order: ForexOrder; busy: boolean; onOpen: () => void; onStops: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const live = useForexLive((s) => s.orders[order.Id]);
  const current = live?.UpdatePrice ?? order.UpdatePrice;
  const profit = live?.FactProfits ?? order.FactProfits;
  return (
    <CardShell
      order={order}
      testId="forex-holding-order"
      onOpen={onOpen}
      head={<Profit value={profit} testId="forex-live-profit" big />}
      facts={
        <>
          <Fact label={t('forexOrders.lots')}>{plainNumber(order.Quantity)}</Fact>
          <Fact label={t('forexOrders.open_price')}>{orderPrice(order, order.Price)}</Fact>
          <Fact label={t('forexOrders.current_price')} testId="forex-current-price">
            {orderPrice(order, current)}
          </Fact>
          <Fact label={t('forexOrders.margin')}>{money(order.CautionMoney)}</Fact>
          <Fact label={t('forexOrders.stop_loss')} testId="forex-card-stop-loss">
            <StopText order={order} value={order.TargetLossPrice} />
          </Fact>
          <Fact label={t('forexOrders.take_profit')} testId="forex-card-take-profit">
            <StopText order={order} value={order.TargetProfitPrice} />
          </Fact>
        </>
      }
      actions={
        <>
          <Button size="small" fill="outline" color="primary" onClick={onStops} data-testid="forex-stops-open">
            {t('forexOrders.stops')}
          </Button>
          <Button size="small" color="danger" loading={busy} disabled={busy} onClick={onClose} data-testid="forex-close">
            {t('forexOrders.close')}
          </Button>
        </>
      }
    />
  );
}

/** Dealing (pending): the price it waits for, lots, margin and fee held, and Cancel. */
export function DealingCard({ order, busy, onOpen, onCancel }: { order: ForexOrder; busy: boolean; onOpen: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <CardShell
      order={order}
      testId="forex-dealing-order"
      onOpen={onOpen}
      head={<span className="tp-fx-tag">{t('forexOrders.status_pending')}</span>}
      facts={
        <>
          <Fact label={t('forexOrders.pending_price')} testId="forex-pending-price">
            {orderPrice(order, order.Price)}
          </Fact>
          <Fact label={t('forexOrders.lots')}>{plainNumber(order.Quantity)}</Fact>
          <Fact label={t('forexOrders.current_price')}>{orderPrice(order, order.UpdatePrice)}</Fact>
          <Fact label={t('forexOrders.margin')}>{money(order.CautionMoney)}</Fact>
          <Fact label={t('forexOrders.fee')}>{money(order.TradeFee)}</Fact>
          <Fact label={t('forexOrders.placed_at')} wide>
            <DateTime value={order.CreateTimeHandler} />
          </Fact>
        </>
      }
      actions={
        <Button size="small" fill="outline" color="danger" loading={busy} disabled={busy} onClick={onCancel} data-testid="forex-cancel">
          {t('forexOrders.cancel_order')}
        </Button>
      }
    />
  );
}

/** History: why it closed, open and close price, settled profit, times. */
export function HistoryCard({ order, onOpen }: { order: ForexOrder; onOpen: () => void }) {
  const { t } = useTranslation();
  const cancelled = order.Status === FOREX_STATUS.cancelled;
  return (
    <CardShell
      order={order}
      testId="forex-history-order"
      onOpen={onOpen}
      head={<ReasonTag order={order} />}
      facts={
        <>
          <Fact label={t(cancelled ? 'forexOrders.pending_price' : 'forexOrders.open_price')}>{orderPrice(order, order.Price)}</Fact>
          <Fact label={t('forexOrders.close_price')} testId="forex-close-price">
            {cancelled ? '--' : orderPrice(order, order.UpdatePrice)}
          </Fact>
          <Fact label={t('forexOrders.settled_profit')}>{cancelled ? '--' : <Profit value={order.FactProfits} testId="forex-settled-profit" />}</Fact>
          <Fact label={t('forexOrders.lots')}>{plainNumber(order.Quantity)}</Fact>
          <Fact label={t('forexOrders.opened_at')} wide>
            <DateTime value={order.CreateTimeHandler} />
          </Fact>
          <Fact label={t(cancelled ? 'forexOrders.cancelled_at' : 'forexOrders.closed_at')} wide>
            <DateTime value={order.CompleteTimeHandler} />
          </Fact>
        </>
      }
    />
  );
}
