import '../market.css';
import { useTranslation } from 'react-i18next';
import type { TradeSymbol } from '@tp/contracts';
import { useMarketOpen } from '../model/market-clock';

/**
 * A small "Closed" mark beside a symbol whose market is closed (forex at the weekend), shown and
 * removed at the instant the market closes or opens.
 */
export function ClosedBadge({ symbol }: { symbol: Pick<TradeSymbol, 'MarketStatus' | 'MarketChangeST'> }) {
  const { t } = useTranslation();
  const open = useMarketOpen(symbol);
  if (open) return null;
  return (
    <span className="tp-closed-badge" data-testid="market-closed-badge">
      {t('market.closed_badge')}
    </span>
  );
}
