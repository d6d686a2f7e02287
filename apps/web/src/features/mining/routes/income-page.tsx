import '../mining.css';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/ui/page-frame';
import { Empty } from '../../../components/ui/states';
import { useAuth } from '../../../lib/auth-store';
import { fetchIncomes, miningKeys } from '../api/funds';
import { PagedBlock, usePaged } from '../components/paged';
import { DateTime } from '../../../components/ui/date-time';
import { signedMoney } from '../../../lib/format';
import { MINING_PLACES } from '../model/mining-model';

/** /mining/income?id={subscriptionId}: the subscription's daily incomes, newest first, paged. */
export function IncomePage() {
  const { t } = useTranslation('mining');
  const [params] = useSearchParams();
  const token = useAuth((s) => s.token);
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const query = usePaged(miningKeys.incomes(token, id), (page, signal) => fetchIncomes(id, page, signal), valid);
  return (
    <PageFrame title={t('nav.mining_income', { ns: 'translation' })} fallback="/mining/record" testId="page-mining-income">
      {valid ? (
        <PagedBlock
          query={query}
          testId="mining-incomes"
          render={(items) => (
            <div className="tp-mining-records">
              {items.map((i) => (
                <div key={i.id} className="tp-mining-record" data-testid="mining-income">
                  <div className="tp-mining-record-main">
                    <b>{t('income_day', { day: i.day })}</b>
                    <span className="tp-muted"><DateTime value={i.created_at} /></span>
                  </div>
                  <span className="tp-num tp-up" dir="ltr" data-testid="mining-income-amount">{signedMoney(i.interest, MINING_PLACES)}</span>
                </div>
              ))}
            </div>
          )}
        />
      ) : (
        <Empty />
      )}
    </PageFrame>
  );
}
