import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ALERT_DIRECTION, ALERT_STATUS, type PriceAlert } from '@tp/contracts';
import { DateTime } from '../../../components/ui/date-time';
import { exactPrice } from '../../../lib/format';

const STATUS_CLASS: Record<number, string> = { [ALERT_STATUS.waiting]: 'is-waiting', [ALERT_STATUS.fired]: 'is-fired', [ALERT_STATUS.cancelled]: 'is-cancelled' };

/** One alert: its rule (≥ or ≤ a price), its symbol where the list mixes symbols, its status and, while it waits, cancel. */
export function AlertRow({ alert, showSymbol, onCancel, cancelling }: { alert: PriceAlert; showSymbol: boolean; onCancel: (a: PriceAlert) => void; cancelling: boolean }) {
  const { t } = useTranslation();
  const above = alert.direction === ALERT_DIRECTION.above;
  const waiting = alert.status === ALERT_STATUS.waiting;
  return (
    <div className="tp-alert-row" data-testid="alert-row" data-id={alert.id} data-status={alert.status}>
      <div className="tp-alert-main">
        <span className="tp-alert-rule">
          {showSymbol ? (
            <>
              <bdi>{alert.show_code}</bdi>{' '}
            </>
          ) : null}
          <bdi>{t(above ? 'alerts.rule_above' : 'alerts.rule_below', { price: exactPrice(alert.price) })}</bdi>
        </span>
        <span className="tp-alert-meta">
          {alert.status === ALERT_STATUS.fired && alert.fired_price !== null ? (
            <>
              {t('alerts.reached', { price: exactPrice(alert.fired_price) })} <DateTime value={alert.fired_at} />
            </>
          ) : (
            <>
              {t('alerts.set_at')} <DateTime value={alert.created_at} />
            </>
          )}
        </span>
      </div>
      <span className={`tp-alert-status ${STATUS_CLASS[alert.status] ?? ''}`} data-testid="alert-status">
        {t(`alerts.status_${alert.status}`)}
      </span>
      {waiting ? (
        <Button size="mini" fill="outline" loading={cancelling} onClick={() => onCancel(alert)} data-testid="alert-cancel" aria-label={t('alerts.cancel_label', { price: exactPrice(alert.price) })}>
          {t('alerts.cancel')}
        </Button>
      ) : null}
    </div>
  );
}
