import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FollowLeader, FollowOrder } from '@tp/contracts';
import { exactPrice, money, percent, plainNumber, signedMoney, signedPercent, trendClass } from '../../../lib/format';
import { ApiError } from '../../../lib/api/client';
import { useCopyLive } from '../model/copy-live';

/** The server refused what the link names (an unknown trader): the screen's "not found", not a connection error. */
export function isRefusal(err: unknown): boolean {
  return err instanceof ApiError && err.kind === 'refused';
}

/** The trader's initials in a circle: the platform keeps no avatar pictures. */
export function TraderAvatar({ name }: { name: string }) {
  return (
    <span className="tp-follow-avatar" aria-hidden="true">
      {name.slice(0, 2).toUpperCase()}
    </span>
  );
}

/** A trader's public name, badged when the platform itself trades the account (a sample trader). */
export function TraderName({ name, sample, testId }: { name: string; sample: 0 | 1; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className="tp-follow-name">
      <span data-testid={testId}>{name}</span>
      {sample ? (
        <span className="tp-follow-tag tp-follow-sample" data-testid="sample-badge" title={t('sample_trader.hint')}>
          {t('sample_trader.badge')}
        </span>
      ) : null}
    </span>
  );
}

export function Stat({ label, value, className, testId }: { label: string; value: ReactNode; className?: string; testId?: string }) {
  return (
    <div className="tp-follow-stat">
      <span className={`tp-num ${className ?? ''}`} dir="ltr" data-testid={testId}>
        {value}
      </span>
      <span className="tp-muted">{label}</span>
    </div>
  );
}

/** A rate in percent with its sign and colour, as the language writes a percentage. */
export function Rate({ value }: { value: string }) {
  return <span className={trendClass(value)}>{signedPercent(value)}</span>;
}

/** The ranking figures of a trader: three weeks first, then all time and the risk figures. */
export function LeaderStats({ s }: { s: FollowLeader }) {
  const { t } = useTranslation('follow');
  return (
    <div className="tp-follow-stats">
      <Stat label={t('three_week_rate')} value={<Rate value={s.three_week_rate} />} />
      <Stat label={t('three_week_win')} value={percent(s.three_week_win)} />
      <Stat label={t('three_week_profit')} value={signedMoney(s.three_week_profit)} className={trendClass(s.three_week_profit)} />
      <Stat label={t('total_rate')} value={<Rate value={s.total_rate} />} />
      <Stat label={t('total_trades')} value={plainNumber(s.total_trade_num)} testId="trader-trades" />
      <Stat label={t('followers')} value={plainNumber(s.follow_num)} />
      <Stat label={t('max_drawdown')} value={money(s.max_drawdown)} />
      <Stat label={t('avg_holding')} value={holding(s.avg_holding_seconds, t)} />
      <Stat label={t('follower_equity')} value={money(s.follower_equity)} />
    </div>
  );
}

function holding(seconds: number, t: (k: string, o?: Record<string, unknown>) => string): string {
  if (seconds < 3600) return t('minutes', { n: plainNumber(Math.max(0, Math.round(seconds / 60))) });
  if (seconds < 86_400) return t('hours', { n: plainNumber(Math.round(seconds / 360) / 10) });
  return t('days', { n: plainNumber(Math.round(seconds / 8640) / 10) });
}

/** A copy's profit and the share paid of it: 6 decimals (spec section 9, "follow order profit 6 decimals"); other copy-trading amounts 2. */
const COPY_PROFIT_PLACES = 6;

/**
 * One copy: the trader's fill beside the copy's (equal by rule), the lots of each, the ticks,
 * the skip reason or the profit and the share paid.
 */
export function CopyCard({ o }: { o: FollowOrder }) {
  const { t } = useTranslation('follow');
  const p = o.ForexTradeLists.PricePrecision;
  const skipped = o.Id === 0;
  // An open copy's floating profit as FOREX_FOLLOW_TRADE brings it (model/copy-live).
  const live = useCopyLive((s) => (o.Status === 1 && !skipped ? s.orders[o.Id] : undefined));
  const profit = live?.FactProfits ?? o.FactProfits;
  return (
    <div className="tp-card tp-follow-copy" data-testid="follow-copy">
      <div className="tp-follow-copy-head">
        <b>{o.ForexTradeLists.ShowCode}</b>
        <span className={o.OrderType === 1 ? 'tp-up' : 'tp-down'}>{t(o.OrderType === 1 ? 'buy' : 'sell')}</span>
        <span className="tp-follow-tag">{t('copy_tag')}</span>
        {o.Detached ? <span className="tp-follow-tag tp-follow-tag-muted">{t('detached')}</span> : null}
        <span className="tp-muted tp-follow-end">{o.TraderNickname}</span>
      </div>
      {skipped ? (
        <div className="tp-follow-skip" data-testid="follow-copy-skip">
          {t('skipped')}: {t(`skip_${o.SkipReason}`)}
        </div>
      ) : null}
      <div className="tp-follow-fills">
        <div>
          <span className="tp-muted">{t('trader_fill')}</span>
          <span className="tp-num" dir="ltr" data-testid="follow-copy-trader-price">
            {exactPrice(o.TraderPrice, p)}
          </span>
          <span className="tp-muted" dir="ltr">
            {plainNumber(o.TraderQuantity)} · #{o.TraderOpenTickSeq}
          </span>
        </div>
        <div>
          <span className="tp-muted">{t('copy_fill')}</span>
          <span className="tp-num" dir="ltr" data-testid="follow-copy-price">
            {skipped ? '—' : exactPrice(o.Price, p)}
          </span>
          <span className="tp-muted" dir="ltr">
            {skipped ? '' : `${plainNumber(o.Quantity)} · #${o.OpenTickSeq}`}
          </span>
        </div>
      </div>
      {skipped ? null : (
        <div className="tp-follow-fills">
          <div>
            <span className="tp-muted">{t(o.Status === 1 ? 'floating' : 'profit')}</span>
            <span className={`tp-num ${trendClass(profit, COPY_PROFIT_PLACES)}`} dir="ltr" data-testid="follow-copy-profit">
              {signedMoney(profit, COPY_PROFIT_PLACES)}
            </span>
          </div>
          <div>
            <span className="tp-muted">{t('share_paid')}</span>
            <span className="tp-num" dir="ltr" data-testid="follow-copy-share">
              {money(o.ProfitShare, false, COPY_PROFIT_PLACES)}
            </span>
          </div>
        </div>
      )}
    </div>
  );
}
