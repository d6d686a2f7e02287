import '../micro-notice.css';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MicroSettledPush } from '@tp/contracts';
import { useAuth } from '../../../lib/auth-store';
import { money } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { useWsTopic, type WsMessage } from '../../../lib/ws';
import { refreshAfterMicroChange } from '../api/micro-api';
import { useLiveOptions } from '../model/live-options';

function isSettled(m: WsMessage): m is WsMessage & MicroSettledPush {
  return (
    typeof m.id === 'number' &&
    (m.result === 'win' || m.result === 'loss' || m.result === 'tie') &&
    typeof m.FactProfits === 'string' &&
    typeof m.EndPrice === 'string' &&
    typeof m.OpenPrice === 'string' &&
    typeof m.Number === 'string' &&
    typeof m.ShowCode === 'string' &&
    typeof m.Type === 'number'
  );
}

/**
 * While logged in: an option's result (MICRO_SETTLED) shows as a notice, goes to the trade screen's
 * option cards (which may be hidden at the moment, so it is kept for them) and refreshes the lists.
 */
export function MicroSettledNotice() {
  const { t } = useTranslation();
  const token = useAuth((s) => s.token);
  const queryClient = useQueryClient();
  useWsTopic(token ? 'MICRO_SETTLED' : null, (m) => {
    if (!isSettled(m)) return;
    useLiveOptions.getState().settle(m);
    const profit = money(m.FactProfits.replace(/^-/, ''));
    showToast({
      content: (
        <span className="tp-micro-notice" data-testid="micro-settled-notice" data-result={m.result}>
          {t(`micro.settled_${m.result}`, { code: m.ShowCode, profit })}
        </span>
      ),
      icon: m.result === 'win' ? 'success' : undefined,
      duration: 3000,
    });
    refreshAfterMicroChange(queryClient);
  });
  return null;
}
