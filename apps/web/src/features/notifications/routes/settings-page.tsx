import '../notifications.css';
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { List, Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { NotificationSetting } from '@tp/contracts';
import { PageFrame } from '../../../components/ui/page-frame';
import { LoadError, LoadingLines } from '../../../components/ui/states';
import { useAuth } from '../../../lib/auth-store';
import { saveSetting, settingsQuery } from '../api/notifications';
import { PushOptIn } from '../components/push-opt-in';

type Channel = 'in_app' | 'push' | 'email';

/**
 * /notifications/settings: per kind, shown in the app, pushed to devices, sent by e-mail. The
 * device's own Web Push switch sits above: the push column says which kinds a device that opted
 * in receives.
 */
export function NotificationSettingsPage() {
  const { t } = useTranslation();
  const token = useAuth((s) => s.token);
  const queryClient = useQueryClient();
  const query = useQuery(settingsQuery(token));
  const [saving, setSaving] = useState<string | null>(null);

  const toggle = async (row: NotificationSetting, channel: Channel, on: boolean) => {
    setSaving(`${row.kind}:${channel}`);
    try {
      const next = await saveSetting({ kind: row.kind, in_app: row.in_app, push: row.push, email: row.email, [channel]: on ? 1 : 0 });
      queryClient.setQueryData(settingsQuery(token).queryKey, next);
    } catch {
      // The client's toast said why; the switch shows the stored value again.
    } finally {
      setSaving(null);
    }
  };

  const channels: Channel[] = ['in_app', 'push', 'email'];
  return (
    <PageFrame title={t('notifications.settings')} fallback="/notifications" testId="page-notification-settings">
      <PushOptIn />
      {query.data ? (
        <List header={t('notifications.settings_explain')} data-testid="notification-settings">
          {query.data.map((row) => (
            <List.Item key={row.kind} data-testid="notification-setting" data-kind={row.kind} description={
              <span className="tp-notice-switches">
                {channels.map((channel) => (
                  <label key={channel} className="tp-notice-switch">
                    <Switch
                      checked={row[channel] === 1}
                      loading={saving === `${row.kind}:${channel}`}
                      onChange={(on) => void toggle(row, channel, on)}
                      aria-label={`${t(`notifications.kind_${row.kind}`)}: ${t(`notifications.channel_${channel}`)}`}
                      data-testid={`notification-setting-${channel}`}
                    />
                    <span>{t(`notifications.channel_${channel}`)}</span>
                  </label>
                ))}
              </span>
            }>
              {t(`notifications.kind_${row.kind}`)}
            </List.Item>
          ))}
        </List>
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : (
        <div className="tp-card">
          <LoadingLines rows={5} />
        </div>
      )}
    </PageFrame>
  );
}
