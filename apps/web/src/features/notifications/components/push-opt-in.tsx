import { useEffect, useState } from 'react';
import { List, Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { currentSubscription, pushSupport, sendSubscription, turnOff, turnOn, type PushSupport } from '../model/push-subscription';

type Note = 'unsupported' | 'denied' | 'failed' | null;

/**
 * "Notifications on this device": Web Push for this browser, from the notification settings. Which
 * kinds are pushed is the settings' push column; this switch says whether this device gets them.
 * Where the browser cannot (no service worker or PushManager: an iPhone's Safari outside the home
 * screen, a private window) or the user blocked notifications, the switch is off and says why.
 */
export function PushOptIn() {
  const { t } = useTranslation();
  const [support, setSupport] = useState<PushSupport>(() => pushSupport());
  const [on, setOn] = useState(false);
  const [busy, setBusy] = useState(support === 'supported');
  const [note, setNote] = useState<Note>(null);

  useEffect(() => {
    if (support !== 'supported') return;
    let live = true;
    void currentSubscription()
      .then(async (subscription) => {
        if (!live) return;
        setOn(subscription !== null);
        // The server's copy may be missing or another account's (the device changed hands): it
        // follows whoever is signed in here now.
        if (subscription && Notification.permission === 'granted') await sendSubscription(subscription).catch(() => undefined);
      })
      .catch(() => undefined)
      .finally(() => {
        if (live) setBusy(false);
      });
    return () => {
      live = false;
    };
  }, [support]);

  const change = async (wanted: boolean) => {
    setBusy(true);
    setNote(null);
    try {
      if (wanted) {
        const result = await turnOn();
        if (result === 'on') setOn(true);
        else if (result === 'denied') {
          setSupport('denied');
          setOn(false);
        } else setNote('failed');
      } else {
        await turnOff();
        setOn(false);
      }
    } catch {
      // the server's refusal or a network error was shown as a toast; the switch stays as it was
    } finally {
      setBusy(false);
    }
  };

  const shown: Note = support === 'supported' ? note : support;
  return (
    <List className="tp-list" data-testid="push-opt-in">
      <List.Item
        description={
          <span data-testid="push-opt-in-note" data-note={shown ?? 'none'}>
            {shown ? t(`web_push.${shown}`) : t('web_push.explain')}
          </span>
        }
        extra={
          <Switch
            checked={on && support === 'supported'}
            loading={busy}
            disabled={support !== 'supported'}
            onChange={(wanted) => void change(wanted)}
            aria-label={t('web_push.title')}
            data-testid="push-opt-in-switch"
          />
        }
      >
        {t('web_push.title')}
      </List.Item>
    </List>
  );
}
