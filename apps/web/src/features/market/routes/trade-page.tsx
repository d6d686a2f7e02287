import '../market.css';
import '../trade.css';
import { useCallback, useDeferredValue, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Segmented } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { DownFill } from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MARKET_OPEN, type Category, type TradeSymbol } from '@tp/contracts';
import { CANDLE_PERIODS, DEFAULT_CANDLE_PERIOD, type CandlePeriod } from '@tp/domain';
import { NavBar } from '../../../components/ui/nav-bar';
import { LoadError } from '../../../components/ui/states';
import { PartFallback } from '../../../components/ui/screen-fallback';
import { useAfterPaint } from '../../../lib/after-paint';
import { useCurrentSymbol } from '../../../lib/current-symbol';
import { useSegmentedRadios } from '../../../lib/segmented-radios';
import { compactNumber } from '../../../lib/format';
import { useCategories } from '../api/categories';
import { TRADE_LIST_KEY, useTradeList } from '../api/trade-list';
import { useWatchlist, type WatchlistState } from '../api/watchlist';
import { useLiveSymbol } from '../model/market-clock';
import { useDayMarketFeed, useQuote } from '../model/quote-store';
import { CandleChart } from '../components/candle-chart';
import { NextOpening } from '../components/next-opening';
import { ChangeText, PriceText } from '../components/quote-text';
import { StarButton } from '../components/star-button';
import { SymbolDrawer } from '../components/symbol-drawer';
import { SymbolLogo } from '../components/symbol-logo';

export type TradeMode = 'contract' | 'future';

interface TradePageProps {
  headerRight?: ReactNode;
  /** The order form of a mode (app/ composes the contract and future forms of their features). */
  renderOrderForm?: (mode: TradeMode, symbol: TradeSymbol) => ReactNode;
  /** Actions on the shown symbol beside its star (app/ composes the price alerts' bell). */
  renderSymbolActions?: (symbol: TradeSymbol) => ReactNode;
}

/** The symbol's quote, or while its market is closed a closed text saying when it opens. */
function SymbolQuote({ symbol }: { symbol: TradeSymbol }) {
  const { t, i18n } = useTranslation();
  const live = useQuote(symbol.Code);
  // The opening time comes a frame later: the first date format of a page loads the calendar and
  // zone data, which the quote's first paint does not wait for.
  const painted = useAfterPaint();
  const q = live ?? {
    close: symbol.ForexQuotations.Close,
    change: symbol.ForexQuotations.Change,
    high: symbol.ForexQuotations.High,
    low: symbol.ForexQuotations.Low,
    volume: symbol.ForexQuotations.Volume,
  };
  const open = symbol.MarketStatus === MARKET_OPEN;
  return (
    <>
      <div className="tp-trade-quote">
        {open ? (
          <>
            <PriceText className={`tp-trade-price tp-change-${Number(q.change) < 0 ? 'down' : 'up'}`} value={q.close} precision={symbol.PricePrecision} testId="trade-price" />
            <ChangeText value={q.change} pill testId="trade-change" />
          </>
        ) : (
          <>
            <span className="tp-closed" data-testid="trade-closed">
              {t('market.closed')}
            </span>
            {/* its line is held until then, so nothing below it moves */}
            {symbol.MarketChangeST === null ? null : painted ? <NextOpening atMs={symbol.MarketChangeST} /> : <span className="tp-next-open" aria-hidden="true" />}
          </>
        )}
      </div>
      <div className="tp-trade-stats">
        <span>
          <span className="tp-muted">{t('market.high_24h')}</span>
          <PriceText value={q.high} precision={symbol.PricePrecision} />
        </span>
        <span>
          <span className="tp-muted">{t('market.low_24h')}</span>
          <PriceText value={q.low} precision={symbol.PricePrecision} />
        </span>
        <span>
          <span className="tp-muted">{t('market.vol_24h')}</span>
          <span className="tp-stat-val">{compactNumber(q.volume, i18n.language)}</span>
        </span>
      </div>
    </>
  );
}

/**
 * The order form comes a frame after the symbol, its quote and the chart's box: the price is what
 * the screen shows first, and the form (below it, partly out of view) is a second, shorter piece
 * of work for a phone rather than part of one long one.
 */
function AfterPaint({ children }: { children: ReactNode }) {
  return useAfterPaint() ? children : <PartFallback />;
}

const NO_CATEGORIES: readonly Category[] = [];

interface SymbolViewProps {
  symbol: TradeSymbol;
  symbols: readonly TradeSymbol[];
  categories: readonly Category[] | undefined;
  categoryName: string | undefined;
  mode: TradeMode;
  period: CandlePeriod;
  onPeriod: (p: CandlePeriod) => void;
  drawer: boolean;
  onDrawer: (open: boolean) => void;
  onPick: (s: TradeSymbol) => void;
  watchlist: WatchlistState;
  renderOrderForm: TradePageProps['renderOrderForm'];
  renderSymbolActions: TradePageProps['renderSymbolActions'];
}

/** The shown symbol: header with its star, quote, chart and order form, and the symbols drawer. */
function SymbolView({ symbol: listed, symbols, categories, categoryName, mode, period, onPeriod, drawer, onDrawer, onPick, watchlist, renderOrderForm, renderSymbolActions }: SymbolViewProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  // Open or closed as of now, for the quote and the order forms' buy and sell buttons alike.
  const symbol = useLiveSymbol(listed);
  const flipped = symbol !== listed;
  useEffect(() => {
    // The market has just opened or closed: the list says when it next changes.
    if (flipped) void client.invalidateQueries({ queryKey: TRADE_LIST_KEY });
  }, [flipped, client]);
  return (
    <>
      <section className="tp-card tp-trade-head">
        <div className="tp-trade-head-row">
          <button type="button" className="tp-trade-symbol" onClick={() => onDrawer(true)} data-testid="trade-symbol-header" data-code={symbol.Code} aria-haspopup="dialog">
            <SymbolLogo src={symbol.Logo} code={symbol.ShowCode} size={28} />
            <span className="tp-trade-symbol-name">
              <b>{symbol.ShowCode}</b>
              {categoryName ? <span className="tp-muted">{categoryName}</span> : null}
            </span>
            <DownFill className="tp-trade-symbol-arrow" />
          </button>
          {renderSymbolActions?.(symbol)}
          {watchlist.pending ? null : <StarButton id={symbol.Id} name={symbol.ShowCode} starred={watchlist.starred.has(symbol.Id)} onToggle={watchlist.toggle} className="tp-trade-star" />}
        </div>
        <SymbolQuote symbol={symbol} />
      </section>
      <section className="tp-card tp-trade-chart-card">
        <div className="tp-periods" role="tablist" aria-label={t('market.period')}>
          {CANDLE_PERIODS.map((p) => (
            <button key={p} type="button" role="tab" aria-selected={p === period} className={p === period ? 'active' : undefined} onClick={() => onPeriod(p)} data-testid={`trade-period-${p}`}>
              {t(`market.period_${p}`)}
            </button>
          ))}
        </div>
        <CandleChart symbol={symbol} period={period} />
      </section>
      <AfterPaint>{renderOrderForm?.(mode, symbol)}</AfterPaint>
      <SymbolDrawer open={drawer} onClose={() => onDrawer(false)} symbols={symbols} categories={categories ?? NO_CATEGORIES} currentId={symbol.Id} onPick={onPick} watchlist={watchlist} />
    </>
  );
}

/**
 * The symbol the user was looking at is no longer listed (staff disabled it): said so, instead of
 * silently showing another one. It is close-only: what is held on it is closed from the orders.
 */
function SymbolUnavailable({ symbols, categories, drawer, onDrawer, onPick, watchlist }: Pick<SymbolViewProps, 'symbols' | 'categories' | 'drawer' | 'onDrawer' | 'onPick' | 'watchlist'>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <section className="tp-card tp-trade-head" data-testid="trade-symbol-unavailable">
        <b>{t('market.symbol_unavailable')}</b>
        <p className="tp-muted">{t('market.symbol_close_only')}</p>
        <div className="tp-trade-unavailable-actions">
          <Button size="small" color="primary" onClick={() => onDrawer(true)} data-testid="trade-unavailable-pick">
            {t('market.choose_symbol')}
          </Button>
          <Button size="small" onClick={() => navigate('/order')} data-testid="trade-unavailable-orders">
            {t('market.my_positions')}
          </Button>
        </div>
      </section>
      <SymbolDrawer open={drawer} onClose={() => onDrawer(false)} symbols={symbols} categories={categories ?? NO_CATEGORIES} currentId={-1} onPick={onPick} watchlist={watchlist} />
    </>
  );
}

/** Trade: mode, symbol header with the symbols drawer, live quote, period bar and candlesticks. */
export function TradePage({ headerRight, renderOrderForm, renderSymbolActions }: TradePageProps) {
  const { t } = useTranslation();
  const modeSwitch = useRef<HTMLDivElement>(null);
  useSegmentedRadios(modeSwitch, t('nav.trade'));
  // The list's first answer renders the whole screen below the header. Read through a deferred
  // value, that render is one React may split into slices of a few milliseconds (an answer's
  // own update would be rendered in one piece), so the page keeps answering taps meanwhile.
  const list = useDeferredValue(useTradeList());
  const categories = useCategories();
  const currentId = useCurrentSymbol((s) => s.id);
  const setCurrentId = useCurrentSymbol((s) => s.setId);
  const [mode, setMode] = useState<TradeMode>('contract');
  const [period, setPeriod] = useState<CandlePeriod>(DEFAULT_CANDLE_PERIOD);
  const [drawer, setDrawer] = useState(false);
  const watchlist = useWatchlist();
  useDayMarketFeed();

  const symbols = list.data ?? [];
  // Nothing picked yet: the first symbol. A picked one that is no longer listed is not swapped
  // for another behind the user's back (SymbolUnavailable).
  const symbol = currentId === null ? symbols[0] : symbols.find((s) => s.Id === currentId);
  const categoryName = categories.data?.find((c) => c.Id === symbol?.CategoryId)?.NameShowTrans;

  const pick = useCallback(
    (s: TradeSymbol) => {
      setCurrentId(s.Id);
      setDrawer(false);
    },
    [setCurrentId],
  );

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <div className="tp-card tp-trade-head" aria-busy="true" data-testid="trade-loading">
        <span className="tp-sk" style={{ width: '45%', height: 22 }} />
        <span className="tp-sk" style={{ width: '65%', height: 30, marginTop: 12 }} />
        <span className="tp-sk" style={{ width: '100%', height: 320, marginTop: 16 }} />
      </div>
    );
  } else if (list.isError) {
    body = <LoadError onRetry={() => void list.refetch()} />;
  } else if (!symbol && symbols.length > 0) {
    body = <SymbolUnavailable symbols={symbols} categories={categories.data} drawer={drawer} onDrawer={setDrawer} onPick={pick} watchlist={watchlist} />;
  } else if (!symbol) {
    body = <div className="tp-center">{t('market.empty')}</div>;
  } else {
    body = (
      <SymbolView
        symbol={symbol}
        symbols={symbols}
        categories={categories.data}
        categoryName={categoryName}
        mode={mode}
        period={period}
        onPeriod={setPeriod}
        drawer={drawer}
        onDrawer={setDrawer}
        onPick={pick}
        watchlist={watchlist}
        renderOrderForm={renderOrderForm}
        renderSymbolActions={renderSymbolActions}
      />
    );
  }

  return (
    <div className="tp-page with-tabbar" data-testid="page-trade">
      <NavBar className="tp-navbar tp-trade-nav" right={headerRight}>
        <Segmented
          className="tp-mode"
          ref={modeSwitch}
          value={mode}
          onChange={(v) => setMode(v as TradeMode)}
          options={[
            { value: 'contract', label: <span data-testid="trade-mode-contract">{t('market.mode_contract')}</span> },
            { value: 'future', label: <span data-testid="trade-mode-future">{t('market.mode_future')}</span> },
          ]}
        />
      </NavBar>
      <div className="tp-content">{body}</div>
    </div>
  );
}
