import '../market.css';
import '../trade.css';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Category, TradeSymbol } from '@tp/contracts';
import { useQuote } from '../model/quote-store';
import { ChangeText, PriceText } from './quote-text';
import { SymbolLogo } from './symbol-logo';
import { LazyPopup } from '../../../components/ui/lazy-popup';

const DrawerItem = memo(function DrawerItem({ symbol, active, onPick }: { symbol: TradeSymbol; active: boolean; onPick: (s: TradeSymbol) => void }) {
  const live = useQuote(symbol.Code);
  return (
    <button type="button" className={`tp-drawer-item${active ? ' active' : ''}`} onClick={() => onPick(symbol)} data-testid="trade-drawer-item" data-code={symbol.Code}>
      <SymbolLogo src={symbol.Logo} code={symbol.ShowCode} size={26} />
      <b className="tp-drawer-name">{symbol.ShowCode}</b>
      <span className="tp-drawer-quote">
        <PriceText value={live?.close ?? symbol.ForexQuotations.Close} precision={symbol.PricePrecision} />
        <ChangeText value={live?.change ?? symbol.ForexQuotations.Change} />
      </span>
    </button>
  );
});

interface SymbolDrawerProps {
  open: boolean;
  onClose: () => void;
  symbols: readonly TradeSymbol[];
  categories: readonly Category[];
  currentId: number | undefined;
  onPick: (s: TradeSymbol) => void;
}

/** All symbols in a drawer from the left edge (spec, also in right-to-left languages). */
export function SymbolDrawer({ open, onClose, symbols, categories, currentId, onPick }: SymbolDrawerProps) {
  const { t } = useTranslation();
  const [category, setCategory] = useState<number | null>(null);
  const shown = category === null ? symbols : symbols.filter((s) => s.CategoryId === category);
  return (
    <LazyPopup visible={open} onMaskClick={onClose} onClose={onClose} position="left" bodyClassName="tp-drawer-body" destroyOnClose>
      <div className="tp-drawer" data-testid="trade-symbol-drawer">
        <div className="tp-popup-title">{t('market.all_symbols')}</div>
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
        <div className="tp-drawer-list">
          {shown.map((s) => (
            <DrawerItem key={s.Id} symbol={s} active={s.Id === currentId} onPick={onPick} />
          ))}
          {shown.length === 0 ? <div className="tp-center">{t('market.empty')}</div> : null}
        </div>
      </div>
    </LazyPopup>
  );
}
