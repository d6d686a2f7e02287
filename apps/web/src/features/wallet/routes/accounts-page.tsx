import '../wallet.css';
import type { ReactNode } from 'react';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { accountsTotal } from '@tp/domain';
import { PageFrame } from '../../../components/ui/page-frame';
import { LoadError, LoadingLines } from '../../../components/ui/states';
import { money } from '../../../lib/format';
import { useBalance } from '../../../lib/queries';
import { usePrefs } from '../../../lib/theme';
import { ACCOUNT_IDS, accountNameKey, accountOf, accountTotal } from '../model/wallet-model';
import { HideToggle } from './wallet-page';

/** /mine/accounts: the total and each account with available and frozen; tap opens its history. */
export function AccountsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const balance = useBalance();
  const hide = usePrefs((s) => s.hideAssets);

  let body: ReactNode;
  if (balance.isPending) {
    body = ACCOUNT_IDS.map((id) => (
      <div key={id} className="tp-card">
        <LoadingLines rows={2} />
      </div>
    ));
  } else if (balance.isError) {
    body = <LoadError onRetry={() => void balance.refetch()} />;
  } else {
    body = ACCOUNT_IDS.map((id) => {
      const a = accountOf(balance.data, id);
      return (
        <button key={id} type="button" className="tp-card tp-account-card" onClick={() => navigate(`/mine/history?accountTypeId=${id}`)} data-testid={`account-card-${id}`}>
          <div className="tp-account-head">
            <b>{t(accountNameKey(id))}</b>
            <span className="tp-num" data-testid={`account-total-${id}`}>
              {money(accountTotal(a), hide)}
            </span>
            <RightOutline className="tp-flip-rtl tp-muted" />
          </div>
          <div className="tp-account-cols">
            <div>
              <span className="tp-muted">{t('wallet.available')}</span>
              <span className="tp-num" data-testid={`account-available-${id}`}>
                {money(a?.balance, hide)}
              </span>
            </div>
            <div>
              <span className="tp-muted">{t('wallet.frozen')}</span>
              <span className="tp-num" data-testid={`account-frozen-${id}`}>
                {money(a?.lockBalance, hide)}
              </span>
            </div>
          </div>
        </button>
      );
    });
  }

  return (
    <PageFrame title={t('nav.mine_accounts')} fallback="/user" testId="page-mine-accounts">
      <div className="tp-balance">
        <div className="tp-balance-label">
          <span>{t('user.total_assets')}</span>
          <HideToggle testId="accounts-hide-toggle" />
        </div>
        <div className="tp-balance-total" data-testid="accounts-total">
          {balance.isPending ? <LoadingLines rows={1} /> : balance.isError ? '--' : <span className="tp-num">{money(accountsTotal(balance.data), hide)}</span>}
        </div>
      </div>
      {body}
    </PageFrame>
  );
}
