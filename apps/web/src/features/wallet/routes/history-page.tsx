import '../wallet.css';
import '../history.css';
import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ACCOUNT_LOG_TYPES, ACCOUNT_TYPES, type AccountLogItem, type AccountLogPage } from '@tp/contracts';
import { dec } from '@tp/domain';
import { PageFrame } from '../../../components/ui/page-frame';
import { PullRefresh } from '../../../components/ui/pull-refresh';
import { LoadingLines } from '../../../components/ui/states';
import { useAuth } from '../../../lib/auth-store';
import { money, trend } from '../../../lib/format';
import { usePrefs } from '../../../lib/theme';
import { fetchAccountHistory } from '../api/account-history';
import { walletKeys } from '../api/wallet-keys';
import { PagedItems, usePaged } from '../components/paged-list';
import { ACCOUNT_IDS, isAccountTypeId } from '../model/wallet-model';
import { DateTime } from '../../../components/ui/date-time';

/**
 * The tabs name the account by its kind alone ("Contract", not "Contract account"): three full
 * account names do not fit side by side on a 375 px phone in most languages, and the screen is
 * already an account's history.
 */
const TAB_KEYS: Record<number, string> = {
  [ACCOUNT_TYPES.change]: 'wallet.history_tab_change',
  [ACCOUNT_TYPES.micro]: 'wallet.history_tab_micro',
  [ACCOUNT_TYPES.forex]: 'wallet.history_tab_forex',
};

function signed(value: string): string {
  const d = dec(value);
  return `${d.gt(0) ? '+' : ''}${money(value, false, 2)}`;
}

function HistoryRow({ item }: { item: AccountLogItem }) {
  const { t } = useTranslation();
  const frozen = dec(item.FrozenValue);
  // Type 10 is a free-text entry: its Memo is shown; the others show MemoTran, the server's text of
  // the line's ledger kind in the lang header's language (as every other server-made label).
  const title = item.Type === ACCOUNT_LOG_TYPES.memo ? item.Memo : item.MemoTran || item.Memo;
  return (
    <>
      <div className="tp-record-main">
        <b className="tp-record-title" data-testid="history-memo" data-kind={item.Kind}>
          {title}
        </b>
        <span className="tp-muted"><DateTime value={item.CreatedAtTran} /></span>
      </div>
      <div className="tp-record-side">
        {!dec(item.Value).isZero() || frozen.isZero() ? (
          <span className={`tp-num tp-change-${trend(item.Value)}`} data-testid="history-value">
            {signed(item.Value)}
          </span>
        ) : null}
        {!frozen.isZero() ? (
          <span className="tp-muted" data-testid="history-frozen">
            {t('wallet.frozen')} {signed(item.FrozenValue)}
          </span>
        ) : null}
      </div>
    </>
  );
}

/** /mine/history?accountTypeId=: an account's balances and its paged records, pull to refresh. */
export function HistoryPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const token = useAuth((s) => s.token);
  const hide = usePrefs((s) => s.hideAssets);
  const raw = params.get('accountTypeId');
  const accountTypeId = isAccountTypeId(raw) ? Number(raw) : ACCOUNT_IDS[0];
  // MemoTran comes in the language of the request: another language is another answer.
  const query = usePaged<AccountLogPage>([...walletKeys.history(token, accountTypeId), i18n.language], (page, signal) => fetchAccountHistory(accountTypeId, page, signal));
  const first = query.data?.pages[0];

  return (
    <PageFrame title={t('nav.mine_history')} fallback="/mine/accounts" testId="page-mine-history">
      <Tabs
        activeKey={String(accountTypeId)}
        onChange={(key) => setParams({ accountTypeId: key }, { replace: true })}
        className="tp-tabs tp-history-tabs"
        data-testid="history-tabs"
      >
        {ACCOUNT_IDS.map((id) => (
          <Tabs.Tab key={String(id)} title={<span data-testid={`history-tab-${id}`}>{t(TAB_KEYS[id]!)}</span>} />
        ))}
      </Tabs>
      <PullRefresh onRefresh={() => void query.refetch()}>
        <div className="tp-card tp-account-cols tp-history-balances">
          <div>
            <span className="tp-muted">{t('wallet.available')}</span>
            <span className="tp-num tp-big" data-testid="history-available">
              {first ? money(first.available, hide) : query.isPending ? <LoadingLines rows={1} /> : '--'}
            </span>
          </div>
          <div>
            <span className="tp-muted">{t('wallet.frozen')}</span>
            <span className="tp-num tp-big" data-testid="history-frozen-total">
              {first ? money(first.frozen, hide) : query.isPending ? <LoadingLines rows={1} /> : '--'}
            </span>
          </div>
        </div>
        <PagedItems query={query} testId="history-list" itemKey={(i) => i.Id} renderItem={(item) => <HistoryRow item={item} />} skeletonRows={6} />
      </PullRefresh>
    </PageFrame>
  );
}
