import '../alerts.css';
import { useEffect, useState } from 'react';
import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ALERT_DIRECTION, MAX_WAITING_ALERTS, type TradeSymbol } from '@tp/contracts';
import { Decimal } from '@tp/domain';
import { ChoiceChips } from '../../../components/ui/choice-chips';
import { LazyPopup } from '../../../components/ui/lazy-popup';
import { LoadError, LoadingLines } from '../../../components/ui/states';
import { useAuth } from '../../../lib/auth-store';
import { price as formatPrice } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { symbolAlertsQuery } from '../api/alerts';
import { useAlertActions } from '../api/use-alert-actions';
import { AlertRow } from './alert-row';

/** What a price field holds as it is typed: digits and one decimal point, a comma read as the point. */
function decimalTyping(raw: string): string {
  const s = raw.replace(',', '.').replace(/[^\d.]/g, '');
  const dot = s.indexOf('.');
  return dot < 0 ? s : s.slice(0, dot + 1) + s.slice(dot + 1).replace(/\./g, '');
}

function isPositive(v: string): boolean {
  return /^\d+(\.\d+)?$/.test(v) && new Decimal(v).gt(0);
}

interface AlertSheetProps {
  symbol: Pick<TradeSymbol, 'Id' | 'ShowCode' | 'PricePrecision'>;
  /** The price on screen: the field starts from it. */
  current: string;
  visible: boolean;
  onClose: () => void;
}

/**
 * The trade screen's alert sheet: a direction and a price (starting at the current one) to be told
 * of once, and the symbol's alerts with cancel; all alerts are one tap away (/alerts).
 */
export function AlertSheet({ symbol, current, visible, onClose }: AlertSheetProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useAuth((s) => s.token);
  const list = useQuery({ ...symbolAlertsQuery(token, symbol.Id), enabled: visible && !!token });
  const { create, cancel, creating, cancellingId } = useAlertActions();
  const [direction, setDirection] = useState<number>(ALERT_DIRECTION.above);
  const [price, setPrice] = useState('');
  const plainCurrent = isPositive(current) ? new Decimal(current).toFixed(symbol.PricePrecision) : '';
  // Each opening starts from the price on screen then (not on every tick while it is open).
  useEffect(() => {
    if (visible) {
      setPrice(plainCurrent);
      setDirection(ALERT_DIRECTION.above);
    }
  }, [visible, symbol.Id]);
  const onPrice = (raw: string) => {
    const v = decimalTyping(raw);
    setPrice(v);
    // A price under the market is one to fall to, over it one to rise to.
    if (isPositive(v) && plainCurrent) setDirection(new Decimal(v).lt(plainCurrent) ? ALERT_DIRECTION.below : ALERT_DIRECTION.above);
  };
  const submit = async () => {
    if (!isPositive(price)) return toast(t('alerts.price_invalid'));
    if (await create({ forex_id: symbol.Id, direction, price })) setPrice(plainCurrent);
  };
  const alerts = list.data?.data ?? [];
  return (
    <LazyPopup visible={visible} onMaskClick={onClose} onClose={onClose} position="bottom" bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }} destroyOnClose={false}>
      <div className="tp-alert-sheet" data-testid="alert-sheet" role="dialog" aria-label={t('alerts.title', { symbol: symbol.ShowCode })}>
        <h2>{t('alerts.title', { symbol: symbol.ShowCode })}</h2>
        <div className="tp-alert-now">
          <span className="tp-muted">{t('alerts.current')}</span>
          <b dir="ltr" data-testid="alert-current">
            {formatPrice(current, symbol.PricePrecision)}
          </b>
        </div>
        <ChoiceChips
          options={[
            { value: ALERT_DIRECTION.above, label: t('alerts.above') },
            { value: ALERT_DIRECTION.below, label: t('alerts.below') },
          ]}
          value={direction}
          onChange={setDirection}
          testId="alert-direction"
          ariaLabel={t('alerts.direction')}
        />
        <input
          className="tp-alert-input"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          value={price}
          onChange={(e) => onPrice(e.target.value)}
          placeholder={t('alerts.price_placeholder')}
          aria-label={t('alerts.price')}
          data-testid="alert-price"
        />
        <Button block color="primary" loading={creating} onClick={() => void submit()} data-testid="alert-create">
          {t('alerts.create')}
        </Button>
        <p className="tp-alert-hint tp-muted">{t('alerts.hint', { max: MAX_WAITING_ALERTS })}</p>
        <div className="tp-alert-list-head">
          <b>{t('alerts.on_symbol', { symbol: symbol.ShowCode })}</b>
          <Button size="mini" fill="none" color="primary" onClick={() => {
              onClose();
              navigate('/alerts');
            }}
            data-testid="alert-all"
          >
            {t('alerts.all')}
          </Button>
        </div>
        {list.isPending ? (
          <LoadingLines rows={2} />
        ) : list.isError ? (
          <LoadError compact onRetry={() => void list.refetch()} />
        ) : alerts.length === 0 ? (
          <p className="tp-muted" data-testid="alert-none">
            {t('alerts.none')}
          </p>
        ) : (
          <div data-testid="alert-symbol-list">
            {alerts.map((a) => (
              <AlertRow key={a.id} alert={a} showSymbol={false} onCancel={(x) => void cancel(x)} cancelling={cancellingId === a.id} />
            ))}
          </div>
        )}
      </div>
    </LazyPopup>
  );
}
