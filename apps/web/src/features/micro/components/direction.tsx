import { useTranslation } from 'react-i18next';
import { MICRO_TYPE_UP } from '@tp/contracts';

/** An option's direction: up (green) or down (red). */
export function Direction({ type }: { type: number }) {
  const { t } = useTranslation();
  const up = type === MICRO_TYPE_UP;
  return <span className={`tp-micro-dir ${up ? 'tp-up' : 'tp-down'}`}>{t(up ? 'micro.up' : 'micro.down')}</span>;
}
