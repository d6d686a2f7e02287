import '../micro.css';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Button, Tabs } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ReceiptVerify } from '../../../components/fair/receipt-verify';
import { MICRO_STATUS_CLOSED, MICRO_STATUS_RUNNING, type MicroOrder } from '@tp/contracts';
import { DetailRow } from '../../../components/ui/detail-row';
import { CardSkeletons, Empty, LoadError } from '../../../components/ui/states';
import { exactPrice, money, plainPercent, signedMoney, trend, trendClass } from '../../../lib/format';
import { MICRO_KEY, useMicroOrders } from '../api/micro-api';
import { formatRemaining, useCountdown } from '../model/countdown';
import { ratioPercent } from './micro-order-form';
import { Direction } from './direction';
import { DateTime } from '../../../components/ui/date-time';
import { LazyPopup } from '../../../components/ui/lazy-popup';

export type MicroTab = typeof MICRO_STATUS_RUNNING | typeof MICRO_STATUS_CLOSED;

function resultKey(o: MicroOrder): 'win' | 'loss' | 'tie' {
  const t = trend(o.FactProfits);
  return t === 'up' ? 'win' : t === 'down' ? 'loss' : 'tie';
}

function Countdown({ order, receivedAt, onDone }: { order: MicroOrder; receivedAt: number; onDone: () => void }) {
  const { t } = useTranslation();
  const left = useCountdown(order.RemainMilliSeconds, receivedAt, onDone);
  return (
    <span className="tp-micro-countdown" data-testid="micro-countdown" data-left={Math.ceil(left / 1000)}>
      {left > 0 ? formatRemaining(left) : t('micro.settling')}
    </span>
  );
}

function OrderRow({ order, receivedAt, onOpen, onDue }: { order: MicroOrder; receivedAt: number; onOpen: () => void; onDue: () => void }) {
  const { t } = useTranslation();
  const running = order.Status === MICRO_STATUS_RUNNING;
  const r = resultKey(order);
  return (
    <button type="button" className="tp-card tp-micro-order" onClick={onOpen} data-testid="micro-order" data-id={order.Id}>
      <div className="tp-micro-order-head">
        <b>{order.ForexTradeList.ShowCode}</b>
        <Direction type={order.Type} />
        <span className="tp-muted">{t('micro.seconds_value', { seconds: order.Seconds })}</span>
        {running ? (
          <Countdown order={order} receivedAt={receivedAt} onDone={onDue} />
        ) : (
          <span className={`tp-micro-result tp-${r === 'win' ? 'up' : r === 'loss' ? 'down' : 'muted'}`} data-testid="micro-result" data-result={r}>
            {t(`micro.result_${r}`)}
          </span>
        )}
      </div>
      <div className="tp-micro-order-grid">
        <span>
          <span className="tp-muted">{t('micro.stake')}</span>
          <b>{money(order.Number)}</b>
        </span>
        <span>
          <span className="tp-muted">{t('micro.open_price')}</span>
          <b>{exactPrice(order.OpenPrice)}</b>
        </span>
        {running ? (
          <span>
            <span className="tp-muted">{t('micro.ratio')}</span>
            <b>{plainPercent(ratioPercent(order.ProfitRatio))}</b>
          </span>
        ) : (
          <span>
            <span className="tp-muted">{t('micro.end_price')}</span>
            <b>{exactPrice(order.EndPrice)}</b>
          </span>
        )}
        {running ? null : (
          <span>
            <span className="tp-muted">{t('micro.fact_profits')}</span>
            <b className={trendClass(order.FactProfits)} data-testid="micro-fact-profits">
              {signedMoney(order.FactProfits)}
            </b>
          </span>
        )}
      </div>
    </button>
  );
}

function OrderSheet({ order, onClose }: { order: MicroOrder | null; onClose: () => void }) {
  const { t } = useTranslation();
  const o = order;
  return (
    <LazyPopup visible={!!o} onMaskClick={onClose} onClose={onClose} position="bottom" bodyClassName="tp-sheet-body" showCloseButton>
      {o ? (
        <div className="tp-company-sheet" data-testid="micro-order-sheet">
          <div className="tp-company-title">
            <b>{t('micro.detail_title')}</b>
          </div>
          <DetailRow label={t('micro.order_id')}>{o.Id}</DetailRow>
          <DetailRow label={t('micro.symbol')}>{o.ForexTradeList.ShowCode}</DetailRow>
          <DetailRow label={t('micro.direction')}>
            <Direction type={o.Type} />
          </DetailRow>
          <DetailRow label={t('micro.stake')}>{money(o.Number)}</DetailRow>
          <DetailRow label={t('micro.duration')}>{t('micro.seconds_value', { seconds: o.Seconds })}</DetailRow>
          <DetailRow label={t('micro.ratio')}>{plainPercent(ratioPercent(o.ProfitRatio))}</DetailRow>
          <DetailRow label={t('micro.open_price')}>{exactPrice(o.OpenPrice)}</DetailRow>
          <DetailRow label={t('micro.end_price')}>{exactPrice(o.EndPrice)}</DetailRow>
          <DetailRow label={t('micro.fact_profits')}>
            <b className={trendClass(o.FactProfits)}>{signedMoney(o.FactProfits)}</b>
          </DetailRow>
          <DetailRow label={t('micro.created_at')}><DateTime value={o.CreatedAtST} /></DetailRow>
          <DetailRow label={t('micro.complete_at')}><DateTime value={o.CompleteAtST} /></DetailRow>
          {o.Status === MICRO_STATUS_CLOSED && o.EndPrice !== null ? <ReceiptVerify kind="option" id={o.Id} /> : null}
          <Button block onClick={onClose} style={{ marginTop: 16 }}>
            {t('public.close')}
          </Button>
        </div>
      ) : null}
    </LazyPopup>
  );
}

function OrderList({ status }: { status: MicroTab }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useMicroOrders(status);
  const [detail, setDetail] = useState<MicroOrder | null>(null);
  const orders = useMemo(() => query.data?.pages.flatMap((p) => p.data) ?? [], [query.data]);
  const receivedAt = query.dataUpdatedAt;
  // A running order reached zero (and waited 1 s): both lists change once it settles.
  const onDue = useCallback(() => void queryClient.invalidateQueries({ queryKey: [...MICRO_KEY, 'orders'] }), [queryClient]);

  // `/order?source=1&type=3&id=<id>` (the trade screen's link to a result's receipt) opens that
  // option's detail sheet, where its settlement is verified. A list cached from before it settled
  // is asked again once.
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const wanted = status === MICRO_STATUS_CLOSED && location.pathname === '/order' ? Number(params.get('id')) || null : null;
  const askedFor = useRef<number | null>(null);
  const { isSuccess, isFetching, refetch } = query;
  useEffect(() => {
    if (wanted === null || !isSuccess) return;
    const found = orders.find((o) => o.Id === wanted);
    if (found) setDetail(found);
    else if (!isFetching && askedFor.current !== wanted) {
      askedFor.current = wanted;
      void refetch();
    }
  }, [wanted, orders, isSuccess, isFetching, refetch]);
  const closeDetail = () => {
    setDetail(null);
    if (wanted !== null)
      setParams(
        (p) => {
          p.delete('id');
          return p;
        },
        { replace: true },
      );
  };

  if (query.isPending) {
    return <CardSkeletons testId="micro-orders-loading" cardClassName="tp-micro-order" bodyHeight={34} gap={10} />;
  }
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  if (orders.length === 0) return <Empty />;
  return (
    <div data-testid={`micro-orders-${status}`}>
      {orders.map((o) => (
        <OrderRow key={o.Id} order={o} receivedAt={receivedAt} onOpen={() => setDetail(o)} onDue={onDue} />
      ))}
      {query.hasNextPage ? (
        <Button block fill="none" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()} data-testid="micro-load-more">
          {t('micro.load_more')}
        </Button>
      ) : (
        <div className="tp-center tp-muted tp-no-more">{t('public.no_more')}</div>
      )}
      <OrderSheet order={detail} onClose={closeDetail} />
    </div>
  );
}

/** The option side of /order: tabs in transaction (status 1) and closed (status 3). */
export function MicroOrders({ tab, onTab }: { tab: MicroTab; onTab: (tab: MicroTab) => void }) {
  const { t } = useTranslation();
  return (
    <div className="tp-micro-orders tp-order-tabs">
      <Tabs activeKey={String(tab)} onChange={(k) => onTab(Number(k) === MICRO_STATUS_CLOSED ? MICRO_STATUS_CLOSED : MICRO_STATUS_RUNNING)}>
        <Tabs.Tab key={String(MICRO_STATUS_RUNNING)} title={<span data-testid="micro-tab-running">{t('micro.tab_running')}</span>} />
        <Tabs.Tab key={String(MICRO_STATUS_CLOSED)} title={<span data-testid="micro-tab-closed">{t('micro.tab_closed')}</span>} />
      </Tabs>
      <OrderList key={tab} status={tab} />
    </div>
  );
}
