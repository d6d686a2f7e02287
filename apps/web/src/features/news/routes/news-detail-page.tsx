import '../news.css';
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ErrorBlock } from '../../../components/ui/error-block';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api/client';
import { PageFrame } from '../../../components/ui/page-frame';
import { LoadError, LoadingLines } from '../../../components/ui/states';
import { fetchNewsInfo, newsInfoKey } from '../api/news-api';
import { articleHtml } from '../model/article-html';
import { DateTime } from '../../../components/ui/date-time';

/** /news/detail?id=: one article; its html is cleaned again before it is shown. */
export function NewsDetailPage() {
  const { t, i18n } = useTranslation();
  const { t: tn } = useTranslation('news');
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({ queryKey: newsInfoKey(i18n.language, id), queryFn: ({ signal }) => fetchNewsInfo(id, signal), enabled: valid, retry: false });
  const html = useMemo(() => (query.data ? articleHtml(query.data.content) : ''), [query.data]);
  const missing = !valid || (query.isError && query.error instanceof ApiError && query.error.kind === 'refused');
  return (
    <PageFrame title={t('nav.news_detail')} fallback="/news" testId="page-news-detail">
      {missing ? (
        <div className="tp-center" data-testid="news-missing">
          <ErrorBlock status="empty" title={tn('missing')} description={null} />
          <Link to="/news" replace className="tp-news-back" data-testid="news-back-to-list">
            {tn('back_to_list')}
          </Link>
        </div>
      ) : query.data ? (
        <article className="tp-card tp-news-article" data-testid="news-article">
          <h1 className="tp-news-heading">{query.data.title}</h1>
          <span className="tp-muted tp-news-time">
            <DateTime value={query.data.created_at} />
          </span>
          {/* html cleaned by articleHtml (DOMPurify) just above */}
          <div className="tp-news-body" data-testid="news-body" dangerouslySetInnerHTML={{ __html: html }} />
        </article>
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : (
        <div className="tp-card">
          <LoadingLines rows={6} />
        </div>
      )}
    </PageFrame>
  );
}
