import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PriceAlert } from '@tp/contracts';
import { useAuth } from '../../../lib/auth-store';
import { toast } from '../../../lib/toast';
import { useWsTopic } from '../../../lib/ws';
import { alertKeys, cancelAlert, createAlert } from './alerts';

/**
 * Create and cancel, each refreshing every alert list of the user; a refusal's message is shown
 * by the api client. A `price_alert` notification pushed on NOTIFY refreshes them too: the
 * alert it names has just fired.
 */
export function useAlertActions() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const token = useAuth((s) => s.token);
  const [busy, setBusy] = useState<'create' | number | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: alertKeys.all(token) });
  useWsTopic(token ? 'NOTIFY' : null, (m) => {
    if ((m as { kind?: unknown }).kind === 'price_alert') void refresh();
  });
  const create = async (input: { forex_id: number; direction: number; price: string }): Promise<boolean> => {
    if (busy !== null) return false;
    setBusy('create');
    try {
      await createAlert(input);
      toast(t('alerts.created'));
      await refresh();
      return true;
    } catch {
      return false; // the api client showed the server's msg
    } finally {
      setBusy(null);
    }
  };
  const cancel = async (alert: PriceAlert): Promise<void> => {
    if (busy !== null) return;
    setBusy(alert.id);
    try {
      await cancelAlert(alert.id);
      toast(t('alerts.cancelled'));
    } catch {
      /* the api client showed the server's msg */
    } finally {
      setBusy(null);
      await refresh();
    }
  };
  return { create, cancel, creating: busy === 'create', cancellingId: typeof busy === 'number' ? busy : null };
}
