import '../mining.css';
import { Button } from 'antd-mobile';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Fund } from '@tp/contracts';
import { PageFrame } from '../../../components/ui/page-frame';
import { plainNumber, plainPercent } from '../../../lib/format';
import { fundsQuery } from '../api/funds';
import { PagedBlock } from '../components/paged';

/** The fund's picture, or its first letter on the brand colour when it has none. */
export function FundImage({ fund, size = 48 }: { fund: Fund; size?: number }) {
  return fund.image ? (
    <img className="tp-mining-img" src={fund.image} alt="" width={size} height={size} loading="lazy" />
  ) : (
    <span className="tp-mining-img tp-mining-img-empty" style={{ width: size, height: size }} aria-hidden="true">
      {fund.title.slice(0, 1)}
    </span>
  );
}

function FundCard({ fund }: { fund: Fund }) {
  const { t } = useTranslation('mining');
  const navigate = useNavigate();
  return (
    <div className="tp-card tp-mining-card" data-testid="mining-fund">
      <div className="tp-mining-head">
        <FundImage fund={fund} />
        <div className="tp-mining-head-text">
          <b className="tp-mining-title">{fund.title}</b>
          <span className="tp-muted">{fund.currency_code}</span>
        </div>
      </div>
      <div className="tp-mining-stats">
        <div>
          <span className="tp-mining-rate tp-num" dir="ltr">{plainPercent(fund.dividend_percentage)}</span>
          <span className="tp-muted">{t('daily_rate')}</span>
        </div>
        <div>
          <span className="tp-mining-stat tp-num">{t('days', { count: fund.lock_dividend_days, n: plainNumber(fund.lock_dividend_days) })}</span>
          <span className="tp-muted">{t('term')}</span>
        </div>
      </div>
      <div className="tp-mining-foot">
        <span className="tp-muted" data-testid="mining-bounds">
          {t('bounds', { min: plainNumber(fund.staring_sub_amount), max: plainNumber(fund.max_sub_amount), currency: fund.currency_code })}
        </span>
        <Button size="small" color="primary" onClick={() => navigate(`/mining/subscribe?id=${fund.id}`)} data-testid="mining-subscribe">
          {t('subscribe')}
        </Button>
      </div>
    </div>
  );
}

/** /mining: the funds with image, rate, term and bounds; the records are one tap away. */
export function MiningPage() {
  const { t } = useTranslation('mining');
  const navigate = useNavigate();
  const query = useInfiniteQuery(fundsQuery);
  return (
    <PageFrame
      title={t('nav.mining', { ns: 'translation' })}
      testId="page-mining"
      right={
        <Button size="mini" fill="none" color="primary" onClick={() => navigate('/mining/record')} data-testid="mining-records-link">
          {t('records')}
        </Button>
      }
    >
      <PagedBlock query={query} testId="mining-funds" render={(funds) => funds.map((f) => <FundCard key={f.id} fund={f} />)} />
    </PageFrame>
  );
}
