import '../wallet.css';
import type { ReactNode } from 'react';
import { Button, List } from 'antd-mobile';
import { BankcardOutline, BillOutline, EyeInvisibleOutline, EyeOutline, LinkOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { accountsTotal } from '@tp/domain';
import { PageFrame } from '../../../components/ui/page-frame';
import { LiabilityCheck } from '../../../components/fair/liability-check';
import { StatementDownload } from '../../../components/fair/statement-download';
import { LoadError, LoadingLines } from '../../../components/ui/states';
import { isDemoUser, useAuth } from '../../../lib/auth-store';
import { money } from '../../../lib/format';
import { useBalance } from '../../../lib/queries';
import { usePrefs } from '../../../lib/theme';

/** The hide toggle shared with the user page (remembered). */
export function HideToggle({ testId }: { testId: string }) {
  const { t } = useTranslation();
  const hide = usePrefs((s) => s.hideAssets);
  const setHide = usePrefs((s) => s.setHideAssets);
  return (
    <button
      type="button"
      className="tp-icon-btn tp-eye"
      aria-label={hide ? t('user.show_assets') : t('user.hide_assets')}
      aria-pressed={hide}
      onClick={() => setHide(!hide)}
      data-testid={testId}
    >
      {hide ? <EyeInvisibleOutline /> : <EyeOutline />}
    </button>
  );
}

/** /mine/wallet: total assets with the hide toggle, deposit/withdraw, and the wallet's pages. */
export function WalletPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const demo = isDemoUser(useAuth((s) => s.user));
  const balance = useBalance();
  const hide = usePrefs((s) => s.hideAssets);


  // Deposit, withdraw and the bound methods are real-account screens: a demo account opening them
  // is told why there and offered a real account (RealAccountNotice).
  let total: ReactNode;
  if (balance.isPending) total = <LoadingLines rows={1} />;
  else if (balance.isError) total = <LoadError compact onRetry={() => void balance.refetch()} />;
  else total = <span className="tp-num">{money(accountsTotal(balance.data), hide)}</span>;

  return (
    <PageFrame title={t('nav.mine_wallet')} fallback="/user" testId="page-mine-wallet">
      <div className="tp-balance">
        <div className="tp-balance-label">
          <span>{t('user.total_assets')}</span>
          <HideToggle testId="wallet-hide-toggle" />
        </div>
        <div className="tp-balance-total" data-testid="wallet-total">
          {total}
        </div>
        <div className="tp-balance-actions">
          <Button onClick={() => navigate('/mine/charge')} data-testid="wallet-deposit">
            {t('user.deposit')}
          </Button>
          <Button onClick={() => navigate('/mine/withdraw')} data-testid="wallet-withdraw">
            {t('user.withdraw')}
          </Button>
        </div>
      </div>
      <List className="tp-list">
        <List.Item prefix={<span className="tp-list-icon"><UnorderedListOutline /></span>} arrowIcon onClick={() => navigate('/mine/history?accountTypeId=1')} data-testid="wallet-link-history">
          {t('wallet.history_link')}
        </List.Item>
        <List.Item prefix={<span className="tp-list-icon"><BillOutline /></span>} arrowIcon onClick={() => navigate('/mine/accounts')} data-testid="wallet-link-accounts">
          {t('user.accounts')}
        </List.Item>
        <List.Item prefix={<span className="tp-list-icon"><BankcardOutline /></span>} arrowIcon onClick={() => navigate('/mine/bank-card-list')} data-testid="wallet-link-bank-cards">
          {t('nav.mine_bank_card_list')}
        </List.Item>
        <List.Item prefix={<span className="tp-list-icon"><LinkOutline /></span>} arrowIcon onClick={() => navigate('/mine/coin-address-list')} data-testid="wallet-link-coin-addresses">
          {t('nav.mine_coin_address_list')}
        </List.Item>
      </List>
      <StatementDownload />
      {demo ? null : <LiabilityCheck />}
    </PageFrame>
  );
}
