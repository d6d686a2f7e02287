import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Select, Space, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ADMIN_ROLES, endpoints, type AdminRole, type StaffInvitation } from '@tp/contracts';
import { call } from '../../lib/api';

interface InviteForm {
  email: string;
  role: AdminRole;
}

/**
 * Invites a staff member: e-mail and role give a one-time link. The server keeps only its hash,
 * so the link is shown here once, with a copy button, until the modal is closed.
 */
export function InviteModal({ open, onClose, onInvited }: { open: boolean; onClose: () => void; onInvited: () => void }) {
  const { t } = useTranslation('staff');
  const [form] = Form.useForm<InviteForm>();
  const [busy, setBusy] = useState(false);
  const [invitation, setInvitation] = useState<StaffInvitation | null>(null);
  const [copied, setCopied] = useState(false);

  const close = () => {
    setInvitation(null);
    setCopied(false);
    form.resetFields();
    onClose();
  };
  const submit = async (values: InviteForm) => {
    setBusy(true);
    try {
      setInvitation(await call(endpoints.adminStaff.invite, values));
      onInvited();
    } catch {
      // The client showed the server's refusal (already staff, bad e-mail); the form stays as typed.
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    if (!invitation) return;
    await navigator.clipboard.writeText(invitation.link).catch(() => undefined);
    setCopied(true);
  };

  return (
    <Modal
      open={open}
      title={t('invite.title')}
      onCancel={close}
      destroyOnHidden
      footer={
        invitation ? (
          <Button type="primary" onClick={close} data-testid="invite-done">
            {t('invite.done')}
          </Button>
        ) : (
          <Space>
            <Button onClick={close}>{t('cancel')}</Button>
            <Button type="primary" loading={busy} onClick={() => form.submit()} data-testid="invite-submit">
              {t('invite.submit')}
            </Button>
          </Space>
        )
      }
    >
      {invitation ? (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="invite-result">
          <Alert type="warning" showIcon title={t('invite.once')} />
          <Typography.Text>{t('invite.for', { email: invitation.email, role: t(`roles.${invitation.role}`), expires: invitation.expires_at })}</Typography.Text>
          <Space.Compact style={{ width: '100%' }}>
            <Input readOnly value={invitation.link} aria-label={t('invite.link')} data-testid="invite-link" onFocus={(e) => e.target.select()} />
            <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="invite-copy">
              {copied ? t('invite.copied') : t('invite.copy')}
            </Button>
          </Space.Compact>
        </Space>
      ) : (
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} initialValues={{ role: 'reviewer' }} requiredMark={false}>
          <Form.Item name="email" label={t('invite.email')} rules={[{ required: true, type: 'email', message: t('invite.email_rule') }]}>
            <Input autoComplete="off" autoFocus data-testid="invite-email" />
          </Form.Item>
          <Form.Item name="role" label={t('invite.role')} extra={t('invite.role_hint')}>
            <Select options={ADMIN_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))} data-testid="invite-role" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
