import '../news.css';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Image } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NewsItem } from '@tp/contracts';
import { PageFrame } from '../../../components/ui/page-frame';
import { PagedFooter } from '../../../components/ui/paged-footer';
import { Empty, LoadError } from '../../../components/ui/states';
import { assetUrl } from '../../../lib/api/client';
import { fetchNewsPage, newsListKey } from '../api/news-api';
import { DateTime } from '../../../components/ui/date-time';

/** /news: the articles of category 1, newest first, page by page with 'no more' at the end. */
export function NewsPage() {
  const { t, i18n } = useTranslation();
  const query = useInfiniteQuery({
    queryKey: newsListKey(i18n.language),
    queryFn: ({ pageParam, signal }) => fetchNewsPage(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
  });
  const pages = query.data?.pages;
  const items = pages?.flatMap((p) => p.data) ?? [];
  return (
    <PageFrame title={t('nav.news')} testId="page-news">
      {!pages ? (
        query.isError ? (
          <LoadError onRetry={() => void query.refetch()} />
        ) : (
          <NewsSkeleton />
        )
      ) : items.length === 0 ? (
        <Empty />
      ) : (
        <div data-testid="news-list">
          {items.map((item) => (
            <NewsRow key={item.id} item={item} />
          ))}
          <div className="tp-news-end">
            <PagedFooter query={query} testId="news-list" />
          </div>
        </div>
      )}
    </PageFrame>
  );
}

function NewsRow({ item }: { item: NewsItem }) {
  return (
    <Link to={`/news/detail?id=${item.id}`} className="tp-card tp-news-row" data-testid="news-item">
      <div className="tp-news-text">
        <h3 className="tp-news-title">{item.title}</h3>
        {item.desc ? <p className="tp-news-desc">{item.desc}</p> : null}
        <span className="tp-muted tp-news-time">
            <DateTime value={item.created_at} />
          </span>
      </div>
      {item.logo ? <Image src={assetUrl(item.logo)} alt="" width={72} height={72} fit="cover" className="tp-news-logo" /> : null}
    </Link>
  );
}

function NewsSkeleton() {
  return (
    <div aria-busy="true" data-testid="news-loading">
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="tp-card tp-news-row">
          <div className="tp-news-text">
            <span className="tp-sk" style={{ width: '85%', height: 16 }} />
            <span className="tp-sk" style={{ width: '100%', height: 12, marginTop: 10 }} />
            <span className="tp-sk" style={{ width: '40%', height: 10, marginTop: 10 }} />
          </div>
        </div>
      ))}
    </div>
  );
}
