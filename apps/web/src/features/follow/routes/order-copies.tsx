import '../follow.css';
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../../lib/auth-store';
import { ws } from '../../../lib/ws';
import { fetchCopies, followKeys } from '../api/follow-api';
import { CopyCard } from '../components/follow-parts';

/**
 * The open copies (FollowType 2) under the contract orders of /order, each with the trader's fill
 * beside its own; nothing when the user holds none. Read again whenever a copy opens or closes.
 */
export function OrderCopies() {
  const { t } = useTranslation('follow');
  const token = useAuth((s) => s.token);
  const queryClient = useQueryClient();
  const copies = useQuery({ queryKey: [...followKeys.copies(1, token), 'order'], queryFn: ({ signal }) => fetchCopies(1, 1, signal), enabled: !!token });
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: followKeys.all });
    // FOREX_CLOSED too: a copy's own stop loss, take profit or stop-out closes it without the trader.
    const offs = [ws.subscribe('FOREX_FOLLOW_TRADE', refresh), ws.subscribe('FOREX_CLOSED', refresh)];
    return () => offs.forEach((off) => off());
  }, [queryClient]);
  const items = copies.data?.data ?? [];
  if (items.length === 0) return null;
  return (
    <div data-testid="order-copies" style={{ marginTop: 12 }}>
      <div className="tp-follow-copy-head">
        <h3 className="tp-section-title">{t('tab_open')}</h3>
        <Link className="tp-follow-end" to="/follow/follow-list">
          {t('my_follows')}
        </Link>
      </div>
      {items.map((o) => (
        <CopyCard key={`${o.TraderOrderId}-${o.FollowerUserId}`} o={o} />
      ))}
    </div>
  );
}
