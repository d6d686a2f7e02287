import '../home.css';
import type { CSSProperties, ReactNode } from 'react';
import { Button, Skeleton } from 'antd-mobile';
import { SearchOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { accountsTotal } from '@tp/domain';
import { Logo } from '../../../components/ui/logo';
import { LoadError } from '../../../components/ui/states';
import { isDemoUser, useAuth } from '../../../lib/auth-store';
import { money, signedPercent } from '../../../lib/format';
import { useBalance, useProfits } from '../../../lib/queries';
import { usePrefs } from '../../../lib/theme';

/** Home: the account part; the market part (cards, shortcuts, categories, list) comes from app/. */
export function HomePage({ headerRight, markets }: { headerRight?: ReactNode; markets?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAuth((s) => s.user);
  const token = useAuth((s) => s.token);
  const demo = isDemoUser(user);
  const hide = usePrefs((s) => s.hideAssets);
  const balance = useBalance();
  const profits = useProfits();

  const go = (path: string) => {
    if (!token) return navigate(`/login?from=${encodeURIComponent(path)}`);
    // A demo account is shown, on that screen, why it is for a real account and the way to one.
    navigate(path);
  };

  let card: ReactNode;
  if (!token) {
    card = (
      <>
        <div className="tp-profit" style={{ margin: '4px 0 2px' }}>{t('home.login_prompt')}</div>
        <div className="tp-balance-actions">
          <Button onClick={() => navigate('/login')} data-testid="home-login">
            {t('nav.login')}
          </Button>
          <Button onClick={() => navigate('/register')}>{t('nav.register')}</Button>
        </div>
      </>
    );
  } else {
    const rate = profits.data?.today_profit_rate;
    card = (
      <>
        <div className="tp-balance-total" data-testid="home-balance-total">
          {balance.isPending ? (
            <Skeleton animated style={{ width: '60%', height: 30, '--border-radius': '6px' } as CSSProperties} />
          ) : balance.isError ? (
            <LoadError compact onRetry={() => void balance.refetch()} />
          ) : (
            <span className="tp-num">{money(accountsTotal(balance.data), hide)}</span>
          )}
        </div>
        <div className="tp-profit" data-testid="home-profit">
          {t('home.today_profit')}
          <span className="tp-profit-pill">
            <b>{profits.isPending ? '--' : profits.isError ? '--' : hide ? '***' : signedPercent(rate)}</b>
          </span>
        </div>
        <div className="tp-balance-actions">
          <Button onClick={() => go('/mine/charge')} data-testid="home-deposit">
            {t('home.deposit')}
          </Button>
          <Button onClick={() => go('/mine/withdraw')} data-testid="home-withdraw">
            {t('home.withdraw')}
          </Button>
        </div>
      </>
    );
  }

  return (
    <div className="tp-page with-tabbar" data-testid="page-home">
      <header className="tp-home-header">
        <Logo className="tp-logo" alt={t('home.logo_alt')} />
        <div className="tp-who">
          {token ? (
            <>
              <div data-testid="home-email" style={{ fontWeight: 600 }}>
                {user?.email ?? (demo ? '' : '--')}
                {demo ? (
                  <span className="tp-badge" style={{ marginInlineStart: user?.email ? 6 : 0 }}>
                    {t('public.mock_account')}
                  </span>
                ) : null}
              </div>
              <div className="tp-muted" data-testid="home-uid">
                {t('user.uid', { uid: user?.uid ?? '--' })}
              </div>
            </>
          ) : (
            <div style={{ fontWeight: 600 }}>{t('public.app_name')}</div>
          )}
        </div>
        {headerRight}
      </header>
      <div style={{ background: 'var(--tp-surface)', paddingBottom: 1 }}>
        <button type="button" className="tp-search" onClick={() => navigate('/product')} data-testid="home-search">
          <SearchOutline />
          <span>{t('public.search_placeholder')}</span>
        </button>
      </div>
      <div className="tp-content">
        <section className="tp-balance" data-testid="home-balance">
          <div className="tp-balance-label">{t('home.balance_title')}</div>
          {card}
        </section>
        {markets}
      </div>
    </div>
  );
}
