import '../market.css';
import '../trade.css';
import { memo, useMemo, useState } from 'react';
import { CloseCircleFill, SearchOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { Category, TradeSymbol } from '@tp/contracts';
import { ErrorBlock } from '../../../components/ui/error-block';
import { LazyPopup } from '../../../components/ui/lazy-popup';
import { useQuote } from '../model/quote-store';
import { matchingSymbols, starredFirst } from '../model/watchlist-order';
import type { WatchlistState } from '../api/watchlist';
import { ClosedBadge } from './closed-badge';
import { ChangeText, PriceText } from './quote-text';
import { StarButton } from './star-button';
import { SymbolLogo } from './symbol-logo';

const SKELETON_ROWS = 8;

interface DrawerItemProps {
  symbol: TradeSymbol;
  active: boolean;
  starred: boolean;
  onPick: (s: TradeSymbol) => void;
  onStar: (id: number) => void;
}

/** A symbol to pick, with its quote, a closed mark while its market is closed, and its star. */
const DrawerItem = memo(function DrawerItem({ symbol, active, starred, onPick, onStar }: DrawerItemProps) {
  const live = useQuote(symbol.Code);
  return (
    <div className={`tp-drawer-row${active ? ' active' : ''}`} data-testid="trade-drawer-row" data-code={symbol.Code}>
      <button type="button" className="tp-drawer-item" onClick={() => onPick(symbol)} data-testid="trade-drawer-item" data-code={symbol.Code} aria-current={active || undefined}>
        <SymbolLogo src={symbol.Logo} code={symbol.ShowCode} size={26} />
        <span className="tp-drawer-name">
          <b>{symbol.ShowCode}</b>
          <ClosedBadge symbol={symbol} />
        </span>
        <span className="tp-drawer-quote">
          <PriceText value={live?.close ?? symbol.ForexQuotations.Close} precision={symbol.PricePrecision} />
          <ChangeText value={live?.change ?? symbol.ForexQuotations.Change} />
        </span>
      </button>
      <StarButton id={symbol.Id} name={symbol.ShowCode} starred={starred} onToggle={onStar} />
    </div>
  );
});

function DrawerSkeleton() {
  return (
    <div aria-busy="true" data-testid="trade-drawer-loading">
      {Array.from({ length: SKELETON_ROWS }, (_, i) => (
        <div key={i} className="tp-drawer-row" aria-hidden="true">
          <span className="tp-drawer-item">
            <span className="tp-sk tp-sk-round" style={{ width: 26, height: 26 }} />
            <span className="tp-sk" style={{ flex: 1, height: 16 }} />
            <span className="tp-sk" style={{ width: 64, height: 30 }} />
          </span>
        </div>
      ))}
    </div>
  );
}

interface SymbolDrawerProps {
  open: boolean;
  onClose: () => void;
  symbols: readonly TradeSymbol[];
  categories: readonly Category[];
  currentId: number | undefined;
  onPick: (s: TradeSymbol) => void;
  watchlist: WatchlistState;
}

type DrawerContentProps = Omit<SymbolDrawerProps, 'open' | 'onClose'>;

/** The drawer's inside: each opening starts with an empty search and all categories. */
function DrawerContent({ symbols, categories, currentId, onPick, watchlist }: DrawerContentProps) {
  const { t } = useTranslation();
  const [category, setCategory] = useState<number | null>(null);
  const [typed, setTyped] = useState('');
  const shown = useMemo(() => {
    const inCategory = category === null ? symbols : symbols.filter((s) => s.CategoryId === category);
    return starredFirst(matchingSymbols(inCategory, typed), watchlist.starred);
  }, [symbols, category, typed, watchlist.starred]);

  let list;
  if (watchlist.pending) list = <DrawerSkeleton />;
  else if (shown.length === 0)
    list = (
      <div className="tp-center" data-testid="trade-drawer-empty">
        <ErrorBlock status="empty" title={typed.trim() ? t('market.no_match') : t('market.empty')} description={null} />
      </div>
    );
  else
    list = shown.map((s) => (
      <DrawerItem key={s.Id} symbol={s} active={s.Id === currentId} starred={watchlist.starred.has(s.Id)} onPick={onPick} onStar={watchlist.toggle} />
    ));

  return (
    <div className="tp-drawer" data-testid="trade-symbol-drawer">
      <div className="tp-popup-title">{t('market.all_symbols')}</div>
      <div className="tp-drawer-search">
        <div className="tp-search tp-search-field">
          <SearchOutline aria-hidden="true" />
          <input
            className="tp-input-el"
            type="search"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder={t('market.search_symbols')}
            aria-label={t('market.search_symbols')}
            autoCapitalize="off"
            autoComplete="off"
            spellCheck={false}
            maxLength={32}
            data-testid="trade-drawer-search"
          />
          {typed ? (
            <button type="button" className="tp-icon-btn tp-search-clear" onClick={() => setTyped('')} aria-label={t('search.clear')}>
              <CloseCircleFill />
            </button>
          ) : null}
        </div>
      </div>
      <div className="tp-chips tp-drawer-chips" role="tablist">
        <button type="button" role="tab" aria-selected={category === null} className={category === null ? 'active' : undefined} onClick={() => setCategory(null)} data-testid="trade-drawer-category" data-id="">
          {t('market.all')}
        </button>
        {categories.map((c) => (
          <button key={c.Id} type="button" role="tab" aria-selected={category === c.Id} className={category === c.Id ? 'active' : undefined} onClick={() => setCategory(c.Id)} data-testid="trade-drawer-category" data-id={c.Id}>
            {c.NameShowTrans}
          </button>
        ))}
      </div>
      <div className="tp-drawer-list">{list}</div>
    </div>
  );
}

/** All symbols in a drawer from the left edge (spec, also in right-to-left languages): search, categories, starred first. */
export function SymbolDrawer({ open, onClose, ...content }: SymbolDrawerProps) {
  // Each opening is a fresh inside, also when the drawer opens again while still sliding out
  // (its inside is destroyed only once closed).
  const [openings, setOpenings] = useState({ open, count: 0 });
  if (openings.open !== open) setOpenings({ open, count: open ? openings.count + 1 : openings.count });
  return (
    <LazyPopup visible={open} onMaskClick={onClose} onClose={onClose} position="left" bodyClassName="tp-drawer-body" destroyOnClose>
      <DrawerContent key={openings.count} {...content} />
    </LazyPopup>
  );
}
