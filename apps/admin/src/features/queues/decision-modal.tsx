import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EndpointSpec } from '@tp/contracts';
import { ApiError } from '../../lib/api';
import type { QueueDefinition, QueueItem } from './queue-definition';
import { decide } from './queue-api';

export type DecisionKind = 'approve' | 'reject';

/** The server's answer when another reviewer decided the item first. */
export const ALREADY_DECIDED = 'already_decided';

interface Props<L extends EndpointSpec> {
  definition: QueueDefinition<L>;
  kind: DecisionKind;
  item: QueueItem;
  onClose(): void;
  /** The decision was made, or was already made by someone else (`alreadyDecided` holds the server's message). */
  onDecided(outcome: { alreadyDecided: string | null }): void;
}

/**
 * Approve (a note if the endpoint takes one; the user reads it word for word, and the label says
 * so) or reject (a reason, required: the user reads it).
 * A refusal of the input stays in the dialog; `already_decided` closes it and refreshes the row.
 */
export function DecisionModal<L extends EndpointSpec>({ definition, kind, item, onClose, onDecided }: Props<L>) {
  const { t } = useTranslation('queues');
  const [form] = Form.useForm<{ reason?: string }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const withReason = kind === 'reject' || definition.approveTakesNote;

  const submit = async ({ reason }: { reason?: string }) => {
    setBusy(true);
    setError(null);
    try {
      await decide(kind === 'approve' ? definition.approve : definition.reject, item.id, reason?.trim() || undefined);
      onDecided({ alreadyDecided: null });
    } catch (err) {
      if (err instanceof ApiError && err.errorKey === ALREADY_DECIDED) onDecided({ alreadyDecided: err.message });
      else if (err instanceof ApiError && err.kind !== 'cancelled') setError(err.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t(kind === 'approve' ? 'decision.approve_title' : 'decision.reject_title', { id: item.id })}
      okText={t(kind === 'approve' ? 'actions.approve' : 'actions.reject')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ danger: kind === 'reject', loading: busy }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="decision-error" /> : null}
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark={kind === 'reject'}>
        {withReason ? (
          <Form.Item
            name="reason"
            label={t(kind === 'approve' ? 'decision.note_shown' : 'decision.reason')}
            rules={kind === 'reject' ? [{ required: true, whitespace: true, message: t('decision.reason_required') }, { max: 500 }] : [{ max: 500 }]}
          >
            <Input.TextArea rows={3} maxLength={500} showCount autoFocus data-testid="decision-reason" />
          </Form.Item>
        ) : (
          <p>{t('decision.approve_confirm')}</p>
        )}
      </Form>
    </Modal>
  );
}
