import '../trade.css';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { SpinLoading } from 'antd-mobile';
import { ErrorBlock } from '../../../components/ui/error-block';
import { CloseCircleFill, SearchOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Company, CurrencySearchItem } from '@tp/contracts';
import { PageFrame } from '../../../components/ui/page-frame';
import { LoadError } from '../../../components/ui/states';
import { useCurrentSymbol } from '../../../lib/current-symbol';
import { price } from '../../../lib/format';
import { useCompanySearch } from '../api/search-company';
import { useCurrencySearch } from '../api/search-currency';
import { useMainMode } from '../api/main-mode';
import { useTradeList } from '../api/trade-list';
import { CompanySheet } from '../components/company-sheet';

export const SEARCH_DEBOUNCE_MS = 300;

function useDebounced(value: string, ms: number): string {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

/** Decimals of a close as the server wrote it (the search answer has no PricePrecision). */
function placesOf(close: string): number {
  const i = close.indexOf('.');
  return i < 0 ? 0 : close.length - i - 1;
}

interface Section<T> {
  query: { data?: T[]; isPending: boolean; isError: boolean; isFetching: boolean; refetch: () => unknown };
  render: (item: T) => ReactNode;
}

function Results<T>({ query, render }: Section<T>) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div className="tp-center" data-testid="search-loading">
        <SpinLoading color="primary" />
      </div>
    );
  }
  if (query.isError && !query.data) return <LoadError compact onRetry={() => void query.refetch()} />;
  const items = query.data ?? [];
  if (items.length === 0) {
    return (
      <div className="tp-center" data-testid="search-empty">
        <ErrorBlock status="empty" title={t('search.no_results')} description={null} />
      </div>
    );
  }
  // While the next term's answer loads, the previous results stay, dimmed and marked busy.
  return (
    <div className={`tp-search-list${query.isFetching ? ' is-fetching' : ''}`} aria-busy={query.isFetching}>
      {items.map(render)}
    </div>
  );
}

/** /product: search currencies (and companies in main mode). */
export function ProductPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const setSymbol = useCurrentSymbol((s) => s.setId);
  const [text, setText] = useState('');
  const term = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const mainMode = useMainMode();
  const main = mainMode.data === true;
  const currencies = useCurrencySearch(term, mainMode.isSuccess || mainMode.isError);
  const companies = useCompanySearch(term, main);
  const [company, setCompany] = useState<Company | null>(null);
  // The search answer has Id, ShowCode and Close only: the trade list adds Code and precision.
  const tradeList = useTradeList();
  const byId = useMemo(() => new Map((tradeList.data ?? []).map((s) => [s.Id, s])), [tradeList.data]);

  const pickCurrency = (c: CurrencySearchItem) => {
    setSymbol(c.Id);
    navigate('/trade');
  };

  return (
    <PageFrame title={t('nav.product')} testId="page-product" fallback="/">
      <div className="tp-search tp-search-field">
        <SearchOutline />
        <input
          className="tp-input-el"
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t(main ? 'search.placeholder_main' : 'search.placeholder')}
          aria-label={t(main ? 'search.placeholder_main' : 'search.placeholder')}
          autoCapitalize="off"
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          data-testid="search-input"
        />
        {text ? (
          <button type="button" className="tp-icon-btn tp-search-clear" onClick={() => setText('')} aria-label={t('search.clear')}>
            <CloseCircleFill />
          </button>
        ) : null}
      </div>
      {mainMode.isPending ? (
        <div className="tp-center">
          <SpinLoading color="primary" />
        </div>
      ) : (
        <>
          {main ? (
            <section className="tp-card tp-search-section" data-testid="search-companies">
              <div className="tp-section-title">{t('search.companies')}</div>
              <Results
                query={companies}
                render={(c: Company) => (
                  <button key={c.id} type="button" className="tp-search-item" onClick={() => setCompany(c)} data-testid="search-company-item" data-id={c.id}>
                    <span className="tp-search-item-main">
                      <b>{c.name}</b>
                      <span className="tp-muted">{c.subject}</span>
                    </span>
                  </button>
                )}
              />
            </section>
          ) : null}
          <section className="tp-card tp-search-section" data-testid="search-currencies">
            <div className="tp-section-title">{t('search.currencies')}</div>
            <Results
              query={currencies}
              render={(c: CurrencySearchItem) => {
                const s = byId.get(c.Id);
                return (
                  <button key={c.Id} type="button" className="tp-search-item" onClick={() => pickCurrency(c)} data-testid="search-currency-item" data-code={s?.Code ?? c.ShowCode} data-id={c.Id}>
                    <b className="tp-search-item-main">{c.ShowCode}</b>
                    <span className="tp-num">{price(c.ForexQuotations.Close, s?.PricePrecision ?? placesOf(c.ForexQuotations.Close))}</span>
                  </button>
                );
              }}
            />
          </section>
        </>
      )}
      <CompanySheet company={company} onClose={() => setCompany(null)} />
    </PageFrame>
  );
}
