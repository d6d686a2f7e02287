import '../micro.css';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CloseOutline } from 'antd-mobile-icons';
import { MICRO_STATUS_CLOSED, MICRO_STATUS_RUNNING } from '@tp/contracts';
import { dec, microProfit } from '@tp/domain';
import { useAuth } from '../../../lib/auth-store';
import { exactPrice, money, signedMoney } from '../../../lib/format';
import { MICRO_KEY, microOrdersQuery } from '../api/micro-api';
import { formatRemaining, useCountdownTo } from '../model/countdown';
import { useLiveOptions, type LiveOption, type LiveResult } from '../model/live-options';
import { Direction } from './direction';

/**
 * How often the lists are asked again while an option is past its expiry without a result: the
 * result normally arrives pushed (MICRO_SETTLED), and this covers a push that was lost.
 */
export const RESULT_POLL_MS = 3000;

/** The receipt of a settled option: its detail sheet on /order, where the settlement is verified. */
export function receiptPath(id: number): string {
  return `/order?source=1&type=${MICRO_STATUS_CLOSED}&id=${id}`;
}

function Cell({ label, children, testId, className }: { label: string; children: string; testId?: string; className?: string }) {
  return (
    <span>
      <span className="tp-muted">{label}</span>
      <b className={className} data-testid={testId}>
        <bdi dir="ltr">{children}</bdi>
      </b>
    </span>
  );
}

/**
 * The card of the option just bought scrolls into view once (the form sits above it, the card may
 * be below the fold); never again, so a result arriving later does not move the screen.
 */
function useBoughtScroll(id: number) {
  const ref = useRef<HTMLElement>(null);
  const bought = useLiveOptions((s) => s.boughtId === id);
  useEffect(() => {
    if (!bought) return;
    ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
    useLiveOptions.setState({ boughtId: null });
  }, [bought]);
  return ref;
}

function RunningCard({ item, onDue }: { item: LiveOption; onDue: (id: number) => void }) {
  const { t } = useTranslation();
  const done = useCallback(() => onDue(item.id), [onDue, item.id]);
  const left = useCountdownTo(item.endsAt ?? 0, done);
  const ref = useBoughtScroll(item.id);
  const totalMs = (item.seconds ?? 0) * 1000;
  const share = totalMs > 0 ? Math.min(1, left / totalMs) : 0;
  const payoutIfWon = item.profitRatio === null ? null : dec(item.amount).plus(microProfit(item.amount, item.profitRatio)).toFixed();
  return (
    <article ref={ref} className="tp-micro-live-item" data-testid="micro-live-order" data-id={item.id} data-state="running">
      <div className="tp-micro-order-head">
        <b>{item.showCode}</b>
        <Direction type={item.type} />
        {item.seconds !== null ? <span className="tp-muted">{t('micro.seconds_value', { seconds: item.seconds })}</span> : null}
        <span className="tp-micro-countdown tp-micro-live-countdown" role="timer" aria-label={t('micro.time_left')} data-testid="micro-live-countdown" data-left={Math.ceil(left / 1000)}>
          {left > 0 ? <bdi dir="ltr">{formatRemaining(left)}</bdi> : t('micro.settling')}
        </span>
      </div>
      <div className="tp-micro-live-bar" aria-hidden="true">
        <span style={{ inlineSize: `${(share * 100).toFixed(2)}%` }} />
      </div>
      <div className="tp-micro-order-grid tp-micro-live-grid">
        <Cell label={t('micro.stake')} testId="micro-live-amount">
          {money(item.amount)}
        </Cell>
        <Cell label={t('micro.open_price')} testId="micro-live-entry">
          {exactPrice(item.openPrice)}
        </Cell>
        {payoutIfWon !== null ? (
          <Cell label={t('micro.payout_if_win')} testId="micro-live-payout-if-win">
            {money(payoutIfWon)}
          </Cell>
        ) : null}
      </div>
    </article>
  );
}

/** What the outcome cell says: the payout of a win, the loss, or the stake that came back. */
function outcome(item: LiveOption, s: LiveResult): { label: string; value: string; className: string } {
  if (s.result === 'win') return { label: 'micro.payout', value: money(dec(item.amount).plus(s.factProfits).toFixed()), className: 'tp-up' };
  if (s.result === 'loss') return { label: 'micro.fact_profits', value: signedMoney(s.factProfits), className: 'tp-down' };
  return { label: 'micro.returned', value: money(item.amount), className: '' };
}

function SettledCard({ item, settled }: { item: LiveOption; settled: LiveResult }) {
  const { t } = useTranslation();
  const dismiss = useLiveOptions((s) => s.dismiss);
  const r = settled.result;
  const out = outcome(item, settled);
  const tone = r === 'win' ? 'tp-up' : r === 'loss' ? 'tp-down' : 'tp-muted';
  return (
    <article className={`tp-micro-live-item tp-micro-live-${r}`} data-testid="micro-live-order" data-id={item.id} data-state={r}>
      <div className="tp-micro-order-head">
        <b>{item.showCode}</b>
        <Direction type={item.type} />
        <span className={`tp-micro-live-result ${tone}`} role="status" data-testid="micro-live-result" data-result={r}>
          {t(`micro.result_${r}`)}
          {r === 'win' ? (
            <bdi dir="ltr" className="tp-micro-live-profit">
              {signedMoney(settled.factProfits)}
            </bdi>
          ) : null}
        </span>
      </div>
      <div className="tp-micro-order-grid tp-micro-live-grid">
        <Cell label={t('micro.stake')}>{money(item.amount)}</Cell>
        <Cell label={t('micro.open_price')}>{exactPrice(item.openPrice)}</Cell>
        <Cell label={t('micro.end_price')} testId="micro-live-exit">
          {exactPrice(settled.endPrice)}
        </Cell>
        <Cell label={t(out.label)} testId="micro-live-outcome" className={out.className}>
          {out.value}
        </Cell>
      </div>
      <div className="tp-micro-live-foot">
        {settled.endPrice !== null ? (
          <Link className="tp-micro-live-receipt" to={receiptPath(item.id)} data-testid="micro-live-receipt">
            {t('micro.receipt')}
          </Link>
        ) : null}
        <button type="button" className="tp-micro-live-dismiss" aria-label={t('micro.dismiss')} onClick={() => dismiss(item.id)} data-testid="micro-live-dismiss">
          <CloseOutline aria-hidden="true" />
        </button>
      </div>
    </article>
  );
}

/**
 * Below the option form on /trade: the user's running options, each with direction, amount,
 * entry price and a countdown to its expiry on the server (moved onto this device's clock), and
 * then its result - won with the payout, lost, or refunded - with a link to its receipt. The
 * result comes with the MICRO_SETTLED push (MicroSettledNotice feeds the same store); when that
 * push is lost, the lists asked again at zero (and every few seconds after) bring it.
 */
export function MicroLiveOrders() {
  const { t } = useTranslation();
  const token = useAuth((s) => s.token);
  const queryClient = useQueryClient();
  const items = useLiveOptions((s) => s.items);
  const track = useLiveOptions((s) => s.track);
  const [due, setDue] = useState<ReadonlySet<number>>(() => new Set());
  const waiting = items.some((i) => !i.settled && due.has(i.id));

  const running = useInfiniteQuery({
    ...microOrdersQuery(token, MICRO_STATUS_RUNNING),
    refetchInterval: (q) => (waiting && q.state.status !== 'error' ? RESULT_POLL_MS : false),
  });
  const runningOrders = useMemo(() => running.data?.pages.flatMap((p) => p.data) ?? [], [running.data]);
  const runningAt = running.dataUpdatedAt;
  useEffect(() => {
    for (const o of runningOrders) track(o, runningAt);
  }, [runningOrders, runningAt, track]);

  // Options that expired and were no longer running when the list was answered: settled (or
  // voided), their result read from the closed list.
  const listed = new Set(runningOrders.map((o) => o.Id));
  const gone = running.isSuccess ? items.filter((i) => !i.settled && i.endsAt !== null && i.endsAt <= runningAt && !listed.has(i.id)).map((i) => i.id) : [];
  const goneKey = gone.join(',');
  const closed = useInfiniteQuery({
    ...microOrdersQuery(token, MICRO_STATUS_CLOSED),
    enabled: !!token && gone.length > 0,
    refetchInterval: (q) => (q.state.status !== 'error' ? RESULT_POLL_MS : false),
  });
  const closedAt = closed.dataUpdatedAt;
  useEffect(() => {
    if (!closed.data || goneKey === '') return;
    const ids = new Set(goneKey.split(',').map(Number));
    for (const o of closed.data.pages.flatMap((p) => p.data)) if (ids.has(o.Id)) track(o, closedAt);
  }, [closed.data, closedAt, goneKey, track]);

  const onDue = useCallback(
    (id: number) => {
      setDue((prev) => new Set(prev).add(id));
      void queryClient.invalidateQueries({ queryKey: [...MICRO_KEY, 'orders'] });
    },
    [queryClient],
  );

  if (!token || items.length === 0) return null;
  return (
    <section className="tp-card tp-micro-live" aria-labelledby="tp-micro-live-title" data-testid="micro-live">
      <h3 className="tp-section-title" id="tp-micro-live-title">
        {t('micro.live_title')}
      </h3>
      {items.map((i) => (i.settled ? <SettledCard key={i.id} item={i} settled={i.settled} /> : <RunningCard key={i.id} item={i} onDue={onDue} />))}
    </section>
  );
}
