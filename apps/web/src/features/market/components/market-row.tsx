import '../market.css';
import { memo, useRef } from 'react';
import { StarFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { TradeSymbol } from '@tp/contracts';
import { compactNumber } from '../../../lib/format';
import { useOnScreen } from '../../../lib/on-screen';
import { useQuote } from '../model/quote-store';
import { useMarketOpen } from '../model/market-clock';
import { ClosedBadge } from './closed-badge';
import { ChangeText, PriceText } from './quote-text';
import { SymbolLogo } from './symbol-logo';

interface MarketRowProps {
  symbol: TradeSymbol;
  /** In the user's watchlist: marked with a star (starred markets are listed first). */
  starred?: boolean;
  onSelect: (symbol: TradeSymbol) => void;
}

/**
 * One market: logo, name (a star when in the watchlist, a closed mark while its market is closed),
 * 24-h volume, live price and change. Re-renders only on its own ticks,
 * and only while on screen: a list of dozens of markets otherwise re-renders them all on each tick.
 */
export const MarketRow = memo(function MarketRow({ symbol, starred = false, onSelect }: MarketRowProps) {
  const { t, i18n } = useTranslation();
  const row = useRef<HTMLButtonElement>(null);
  const live = useQuote(symbol.Code, useOnScreen(row));
  const q = live ?? { close: symbol.ForexQuotations.Close, change: symbol.ForexQuotations.Change, volume: symbol.ForexQuotations.Volume };
  const open = useMarketOpen(symbol);
  return (
    <button ref={row} type="button" className="tp-market-row" onClick={() => onSelect(symbol)} data-testid="home-market-row" data-code={symbol.Code} data-starred={starred ? '1' : '0'}>
      <SymbolLogo src={symbol.Logo} code={symbol.ShowCode} />
      <span className="tp-market-name">
        <span className="tp-market-name-line">
          <b>{symbol.ShowCode}</b>
          {starred ? <StarFill className="tp-market-starred" role="img" aria-label={t('market.starred')} data-testid="market-row-starred" /> : null}
        </span>
        {/* A closed market says so where its volume stands: the volume of a market that is not
            trading tells little, and the line keeps one line's height in every language (the
            badge beside the volume or the code was cut, or wrapped and moved the list). */}
        <span className="tp-market-sub">
          {open ? <span className="tp-muted">{t('market.volume_24h', { value: compactNumber(q.volume, i18n.language) })}</span> : <ClosedBadge symbol={symbol} />}
        </span>
      </span>
      <PriceText className="tp-market-price" value={q.close} precision={symbol.PricePrecision} testId="market-row-price" />
      <span className="tp-market-change">
        <ChangeText value={q.change} pill testId="market-row-change" />
      </span>
    </button>
  );
});

export function MarketRowSkeleton() {
  return (
    <div className="tp-market-row tp-market-row-skeleton" data-testid="home-market-skeleton" aria-hidden="true">
      <span className="tp-sk tp-sk-round" />
      <span className="tp-market-name">
        <span className="tp-sk" style={{ width: '62%' }} />
        <span className="tp-sk tp-sk-thin" style={{ width: '40%' }} />
      </span>
      <span className="tp-sk tp-market-price" style={{ width: 64 }} />
      <span className="tp-sk tp-market-change" style={{ width: 64, height: 26 }} />
    </div>
  );
}
