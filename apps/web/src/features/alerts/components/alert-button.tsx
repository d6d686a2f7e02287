import '../alerts.css';
import { useEffect, useState } from 'react';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { TradeSymbol } from '@tp/contracts';
import { useAuth } from '../../../lib/auth-store';
import { loginPathFor } from '../../../lib/login-path';
import { AlertSheet } from './alert-sheet';

/** The trade screen's alert button: opens the symbol's alert sheet; a visitor signs in first. */
export function AlertButton({ symbol, current }: { symbol: Pick<TradeSymbol, 'Id' | 'ShowCode' | 'PricePrecision'>; current: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useAuth((s) => s.token);
  const [open, setOpen] = useState(false);
  // The trade screen stays mounted under the other tabs and screens: its sheet closes when it is left.
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname !== '/trade') setOpen(false);
  }, [pathname]);
  return (
    <>
      <button
        type="button"
        className="tp-alert-bell"
        onClick={() => (token ? setOpen(true) : navigate(loginPathFor('/trade')))}
        aria-label={t('alerts.open', { symbol: symbol.ShowCode })}
        aria-haspopup="dialog"
        data-testid="alert-bell"
      >
        {/* An alarm clock, as trading apps draw price alerts: the header's bell is the notifications. */}
        <ClockCircleOutline />
      </button>
      {token ? <AlertSheet symbol={symbol} current={current} visible={open} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
