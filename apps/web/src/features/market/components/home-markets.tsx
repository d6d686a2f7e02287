import '../market.css';
import { memo, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { ErrorBlock } from '../../../components/ui/error-block';
import { MovieOutline, PayCircleOutline, ShopbagOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TradeSymbol } from '@tp/contracts';
import { LoadError } from '../../../components/ui/states';
import { useCurrentSymbol } from '../../../lib/current-symbol';
import { trend } from '../../../lib/format';
import { useAbbreviatedKline } from '../api/abbreviated-kline';
import { useCategories } from '../api/categories';
import { useTradeList } from '../api/trade-list';
import { useWatchlist } from '../api/watchlist';
import { useDayMarketFeed, useQuote } from '../model/quote-store';
import { useMarketOpen } from '../model/market-clock';
import { starredFirst } from '../model/watchlist-order';
import { ClosedBadge } from './closed-badge';
import { MarketRow, MarketRowSkeleton } from './market-row';
import { ChangeText, PriceText } from './quote-text';
import { Sparkline } from './sparkline';

/** Spec: home shows the first 4 markets as cards. */
export const HOME_CARD_COUNT = 4;
const SKELETON_ROWS = 10;

function MarketCard({ symbol, closes, onSelect }: { symbol: TradeSymbol; closes: readonly number[] | undefined; onSelect: (s: TradeSymbol) => void }) {
  const live = useQuote(symbol.Code);
  const open = useMarketOpen(symbol);
  const close = live?.close ?? symbol.ForexQuotations.Close;
  const change = live?.change ?? symbol.ForexQuotations.Change;
  // The last 15-minute candle is the current one: its close follows the live price.
  const values = useMemo(() => (closes && closes.length ? [...closes.slice(0, -1), Number(close)] : []), [closes, close]);
  return (
    <button type="button" className="tp-market-card" onClick={() => onSelect(symbol)} data-testid="home-market-card" data-code={symbol.Code}>
      <span className="tp-market-card-head">
        <b>{symbol.ShowCode}</b>
        {/* nothing moves while the market is closed: the card says so in place of the change */}
        {open ? <ChangeText value={change} /> : <ClosedBadge symbol={symbol} />}
      </span>
      <PriceText className="tp-market-card-price" value={close} precision={symbol.PricePrecision} />
      <Sparkline values={values} up={trend(change) !== 'down'} />
    </button>
  );
}

/** As tall as a card (head 18, price 24 + 6, sparkline 44 + 6): the list below does not move when the cards come. */
function CardSkeleton() {
  return (
    <div className="tp-market-card" aria-hidden="true">
      <span className="tp-sk" style={{ width: '55%', height: 18 }} />
      <span className="tp-sk" style={{ width: '75%', height: 24, marginTop: 6 }} />
      <span className="tp-sk" style={{ width: '100%', height: 44, marginTop: 6 }} />
    </div>
  );
}

const NO_SYMBOLS: readonly TradeSymbol[] = [];

/** The rows of the market list; rendered only when their symbols change (ticks re-render a row itself). */
const MarketRows = memo(function MarketRows({ symbols, starred, onSelect }: { symbols: readonly TradeSymbol[]; starred: ReadonlySet<number>; onSelect: (s: TradeSymbol) => void }) {
  return symbols.map((s) => <MarketRow key={s.Id} symbol={s} starred={starred.has(s.Id)} onSelect={onSelect} />);
});

/** The market part of home: 4 cards, shortcuts, category tabs and the live market list. */
export function HomeMarkets() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const setSymbol = useCurrentSymbol((s) => s.setId);
  const list = useTradeList();
  const categories = useCategories();
  const sparks = useAbbreviatedKline();
  const watchlist = useWatchlist();
  const [category, setCategory] = useState<number | null>(null);
  useDayMarketFeed();

  const select = useCallback(
    (s: TradeSymbol) => {
      setSymbol(s.Id);
      navigate('/trade');
    },
    [navigate, setSymbol],
  );

  const closesByCode = useMemo(() => {
    const m = new Map<string, number[]>();
    for (const k of sparks.data ?? []) m.set(k.Code, k.Kline.map((p) => Number(p.Close)));
    return m;
  }, [sparks.data]);

  // Starred markets first, in the cards and in the list; a signed-in user's list is waited for
  // (skeletons a moment longer) rather than shown and then reordered under the finger.
  const symbols = useMemo(() => starredFirst(list.data ?? NO_SYMBOLS, watchlist.starred), [list.data, watchlist.starred]);
  const listPending = list.isPending || watchlist.pending;
  const shown = useMemo(() => (category === null ? symbols : symbols.filter((s) => s.CategoryId === category)), [symbols, category]);
  // The list's rows (dozens of markets) render in a transition, in slices the browser can
  // interleave with input and paint, rather than as one long task on a phone's CPU when the list
  // arrives; the cards above render at once. Until the first slice is in, the skeleton stays.
  const rows = useDeferredValue(shown, NO_SYMBOLS);
  const rowsPending = rows !== shown && rows.length === 0 && shown.length > 0;

  let body;
  if (listPending || rowsPending) body = Array.from({ length: SKELETON_ROWS }, (_, i) => <MarketRowSkeleton key={i} />);
  else if (list.isError) body = <LoadError onRetry={() => void list.refetch()} />;
  else if (shown.length === 0)
    body = (
      <div className="tp-center" data-testid="home-market-empty">
        <ErrorBlock status="empty" title={t('market.empty')} description={null} />
      </div>
    );
  else body = <MarketRows symbols={rows} starred={watchlist.starred} onSelect={select} />;

  return (
    <>
      <section className="tp-market-cards" data-testid="home-market-cards">
        {listPending
          ? Array.from({ length: HOME_CARD_COUNT }, (_, i) => <CardSkeleton key={i} />)
          : symbols.slice(0, HOME_CARD_COUNT).map((s) => <MarketCard key={s.Id} symbol={s} closes={closesByCode.get(s.Code)} onSelect={select} />)}
      </section>

      <section className="tp-card tp-icon-grid tp-shortcuts" data-testid="home-shortcuts">
        <button type="button" onClick={() => navigate('/loan')} data-testid="home-shortcut-loan">
          <span className="tp-quick-icon">
            <PayCircleOutline />
          </span>
          <span>{t('market.shortcut_loan')}</span>
        </button>
        <button type="button" onClick={() => navigate('/mine/charge?type=1')} data-testid="home-shortcut-buy">
          <span className="tp-quick-icon">
            <ShopbagOutline />
          </span>
          <span>{t('market.shortcut_buy_coin')}</span>
        </button>
        <button type="button" onClick={() => navigate('/mine/video')} data-testid="home-shortcut-video">
          <span className="tp-quick-icon">
            <MovieOutline />
          </span>
          <span>{t('market.shortcut_video')}</span>
        </button>
      </section>

      <section className="tp-card tp-market-list" data-testid="home-markets">
        <div className="tp-section-title">{t('home.markets')}</div>
        {categories.data && categories.data.length > 0 ? (
          <div className="tp-chips" role="tablist">
            {categories.data.map((c) => (
              <button
                key={c.Id}
                type="button"
                role="tab"
                aria-selected={category === c.Id}
                className={category === c.Id ? 'active' : undefined}
                // Tapping the active tab again clears the filter (spec).
                onClick={() => setCategory((cur) => (cur === c.Id ? null : c.Id))}
                data-testid="home-category-tab"
                data-id={c.Id}
              >
                {c.NameShowTrans}
              </button>
            ))}
          </div>
        ) : categories.isPending ? (
          // The tabs' room while they load (a chip is 31 px high): the list does not move down when they come.
          <div className="tp-chips" aria-hidden="true">
            {[56, 64, 72, 56].map((width, i) => (
              <span key={i} className="tp-sk" style={{ width, height: 31, borderRadius: 16, flex: 'none' }} />
            ))}
          </div>
        ) : null}
        <div className="tp-market-head tp-muted">
          <span>{t('market.col_name')}</span>
          <span>{t('market.col_price')}</span>
          <span>{t('market.col_change')}</span>
        </div>
        <div aria-busy={listPending || rowsPending}>{body}</div>
      </section>
    </>
  );
}
