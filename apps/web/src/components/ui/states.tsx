import type { ReactNode } from 'react';
import { Button, Skeleton } from 'antd-mobile';
import { ErrorBlock } from './error-block';
import { useTranslation } from 'react-i18next';

export function LoadingLines({ rows = 3 }: { rows?: number }) {
  return (
    <div aria-busy="true" data-testid="loading">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} animated className="tp-skeleton-line" style={{ width: `${90 - i * 15}%` }} />
      ))}
    </div>
  );
}

/**
 * Placeholders of an order list while it loads: three cards of the list's own class, each a title
 * bar and a body block of `bodyHeight` px (`gap` px below the title).
 */
export function CardSkeletons({ testId, cardClassName, bodyHeight, gap }: { testId: string; cardClassName: string; bodyHeight: number; gap: number }) {
  return (
    <div aria-busy="true" data-testid={testId}>
      {[0, 1, 2].map((i) => (
        <div key={i} className={`tp-card ${cardClassName}`}>
          <span className="tp-sk" style={{ width: '55%', height: 16 }} />
          <span className="tp-sk" style={{ width: '100%', height: bodyHeight, marginTop: gap }} />
        </div>
      ))}
    </div>
  );
}

export function LoadError({ onRetry, compact }: { onRetry: () => void; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={compact ? 'tp-load-error-compact' : 'tp-center'} data-testid="load-error">
      {compact ? null : <ErrorBlock status="disconnected" title={t('public.load_failed')} description={null} image={undefined} />}
      {compact ? <span className="tp-muted">{t('public.load_failed')} </span> : null}
      <Button size="small" color="primary" fill="outline" onClick={onRetry}>
        {t('public.retry')}
      </Button>
    </div>
  );
}

export function Empty({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="tp-center" data-testid="empty">
      <ErrorBlock status="empty" title={t('public.no_data')} description={children ?? null} />
    </div>
  );
}
