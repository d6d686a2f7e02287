import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Segmented } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { MICRO_STATUS_CLOSED, MICRO_STATUS_RUNNING } from '@tp/contracts';
import { PageFrame } from '../components/ui/page-frame';
import { useSegmentedRadios } from '../lib/segmented-radios';
import type { MicroTab } from '../features/micro/components/micro-orders';
import { HeaderActions } from '../features/settings/components/header-actions';
import { NotificationBell } from '../features/notifications/components/notification-bell';

export type OrderSource = 'contract' | 'future';

/** Query `source`: 0 contract, 1 future (spec section 2). */
const sourceOf = (v: string | null): OrderSource | undefined => (v === '1' ? 'future' : v === '0' ? 'contract' : undefined);
const microTabOf = (v: string | null): MicroTab | undefined => (v === String(MICRO_STATUS_CLOSED) ? MICRO_STATUS_CLOSED : v === String(MICRO_STATUS_RUNNING) ? MICRO_STATUS_RUNNING : undefined);

/**
 * /order: the source control (contract | future) and each source's status tabs, picked by the
 * query (`source`, `type`) and kept while the user looks elsewhere (a kept-mounted tab page).
 * Each source's list is rendered by the caller (tab-pages.tsx), which holds the lazy screens: the
 * contract side is the contract feature's (features do not import each other), and this page, a
 * lazy chunk itself, imports no lazy screen.
 */
export function OrderPage({
  renderContract,
  renderFuture,
}: {
  renderContract: (type: string | null, setType: (t: string) => void) => ReactNode;
  renderFuture: (tab: MicroTab, setTab: (tab: MicroTab) => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const sourceSwitch = useRef<HTMLDivElement>(null);
  useSegmentedRadios(sourceSwitch, t('nav.order'));
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const active = location.pathname === '/order';
  const qSource = active ? sourceOf(params.get('source')) : undefined;
  const qType = active ? params.get('type') : null;
  const [source, setSource] = useState<OrderSource>(qSource ?? 'contract');
  const [microTab, setMicroTab] = useState<MicroTab>(microTabOf(qType) ?? MICRO_STATUS_RUNNING);
  const [contractType, setContractType] = useState<string | null>(qSource === 'contract' ? qType : null);

  useEffect(() => {
    if (qSource) setSource(qSource);
  }, [qSource]);
  useEffect(() => {
    if (qSource === 'future' && microTabOf(qType)) setMicroTab(microTabOf(qType)!);
    if (qSource === 'contract' && qType) setContractType(qType);
  }, [qSource, qType]);

  const go = (s: OrderSource, type: string | null) => {
    navigate(`/order?source=${s === 'future' ? 1 : 0}${type ? `&type=${type}` : ''}`, { replace: true });
  };

  return (
    <PageFrame title={t('nav.order')} noBack withTabBar testId="page-order" right={<HeaderActions leading={<NotificationBell />} />}>
      <Segmented
        className="tp-order-source"
        ref={sourceSwitch}
        block
        value={source}
        onChange={(v) => {
          const s = v as OrderSource;
          setSource(s);
          go(s, s === 'future' ? String(microTab) : contractType);
        }}
        options={[
          { value: 'contract', label: <span data-testid="order-source-contract">{t('order.source_contract')}</span> },
          { value: 'future', label: <span data-testid="order-source-future">{t('order.source_future')}</span> },
        ]}
      />
      {source === 'future' ? (
        renderFuture(microTab, (tab) => {
          setMicroTab(tab);
          go('future', String(tab));
        })
      ) : (
        renderContract(contractType, (type) => {
          setContractType(type);
          go('contract', type);
        })
      )}
    </PageFrame>
  );
}
