import { useState } from 'react';
import { App, Badge, Button, Card, Dropdown, Space, Table, Tag, Typography } from 'antd';
import { DownOutlined, UserAddOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ADMIN_ROLES, endpoints, type AdminRole, type StaffMember } from '@tp/contracts';
import { call } from '../../lib/api';
import { useSession } from '../../lib/session-store';
import { InviteModal } from './invite-modal';
import { PendingInvitations } from './pending-invitations';
import { RoleTag } from './role-tag';

const nowrap = () => ({ style: { whiteSpace: 'nowrap' as const } });

/**
 * Staff management (role `admin`): who is on the staff, their role, status, second factor and last
 * sign-in; invite, change a role, disable or enable, reset a second factor - each after a
 * confirmation. The own row has no actions: the server refuses changes to oneself.
 */
export default function StaffPage() {
  const { t } = useTranslation('staff');
  const { modal } = App.useApp();
  const myId = useSession((s) => s.staff?.id);
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [inviting, setInviting] = useState(false);
  const list = useQuery({ queryKey: ['staff', page], queryFn: () => call(endpoints.adminStaff.staff, { page }) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['staff'] });

  /** Asks first; on OK runs the change, the server's success message is shown, the list reloads. */
  const confirm = (title: string, content: string, action: () => Promise<unknown>, danger = false) =>
    modal.confirm({
      title,
      content,
      okText: t('confirm'),
      cancelText: t('cancel'),
      okButtonProps: { danger },
      onOk: async () => {
        await action().catch(() => undefined);
        refresh();
      },
    });

  const changeRole = (member: StaffMember, role: AdminRole) =>
    confirm(t('actions.role_title'), t('actions.role_text', { email: member.email, role: t(`roles.${role}`) }), () =>
      call(endpoints.adminStaff.update, { role }, { pathParams: { id: member.id }, announce: true }),
    );
  const setDisabled = (member: StaffMember, disabled: boolean) =>
    confirm(
      t(disabled ? 'actions.disable_title' : 'actions.enable_title'),
      t(disabled ? 'actions.disable_text' : 'actions.enable_text', { email: member.email }),
      () => call(endpoints.adminStaff.update, { disabled }, { pathParams: { id: member.id }, announce: true }),
      disabled,
    );
  const resetTotp = (member: StaffMember) =>
    confirm(t('actions.reset_title'), t('actions.reset_text', { email: member.email }), () =>
      call(endpoints.adminStaff.resetTotp, undefined, { pathParams: { id: member.id }, announce: true }),
    true);

  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        <Button type="primary" icon={<UserAddOutlined />} onClick={() => setInviting(true)} data-testid="staff-invite">
          {t('invite.open')}
        </Button>
      </Space>
      <Card>
        <Table<StaffMember>
          rowKey="id"
          loading={list.isLoading}
          dataSource={list.data?.data ?? []}
          data-testid="staff-table"
          // A long e-mail or a narrow window scrolls the table inside its card, never the page.
          scroll={{ x: 'max-content' }}
          pagination={{ current: page, pageSize: list.data?.per_page ?? 15, total: list.data?.total ?? 0, onChange: setPage, hideOnSinglePage: true }}
          columns={[
            {
              title: t('columns.email'),
              dataIndex: 'email',
              render: (email: string, m) => (
                <Space>
                  <Typography.Text ellipsis={{ tooltip: email }} style={{ maxWidth: 240 }}>
                    {email}
                  </Typography.Text>
                  {m.id === myId ? <Tag>{t('you')}</Tag> : null}
                </Space>
              ),
            },
            { title: t('columns.role'), dataIndex: 'role', render: (role: AdminRole) => <RoleTag role={role} /> },
            {
              title: t('columns.status'),
              dataIndex: 'status',
              onCell: nowrap,
              render: (status: StaffMember['status']) => <Badge status={status === 'active' ? 'success' : 'default'} text={t(`status.${status}`)} />,
            },
            {
              title: t('columns.totp'),
              dataIndex: 'totp_enabled',
              render: (on: boolean) => <Tag color={on ? 'green' : undefined}>{t(on ? 'totp.on' : 'totp.off')}</Tag>,
            },
            { title: t('columns.last_login'), dataIndex: 'last_login_at', onCell: nowrap, render: (at: string | null) => at ?? t('never') },
            {
              title: t('columns.actions'),
              key: 'actions',
              render: (_, m) =>
                m.id === myId ? (
                  <Typography.Text type="secondary">{t('own_row')}</Typography.Text>
                ) : (
                  <Dropdown
                    trigger={['click']}
                    menu={{
                      items: [
                        ...ADMIN_ROLES.filter((role) => role !== m.role).map((role) => ({ key: `role:${role}`, label: t('actions.make', { role: t(`roles.${role}`) }) })),
                        { type: 'divider' as const },
                        { key: 'disabled', label: t(m.status === 'active' ? 'actions.disable' : 'actions.enable'), danger: m.status === 'active' },
                        { key: 'reset', label: t('actions.reset'), disabled: !m.totp_enabled },
                      ],
                      onClick: ({ key }) => {
                        if (key.startsWith('role:')) changeRole(m, key.slice(5) as AdminRole);
                        else if (key === 'disabled') setDisabled(m, m.status === 'active');
                        else if (key === 'reset') resetTotp(m);
                      },
                    }}
                  >
                    <Button size="small" data-testid={`staff-manage-${m.id}`}>
                      <Space size={4}>
                        {t('actions.manage')}
                        <DownOutlined />
                      </Space>
                    </Button>
                  </Dropdown>
                ),
            },
          ]}
        />
      </Card>
      <PendingInvitations />
      <InviteModal open={inviting} onClose={() => setInviting(false)} onInvited={refresh} />
    </>
  );
}
