import { useState } from 'react';
import { App, Button, Card, Table, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endpoints, type AdminRole, type StaffPendingInvitation } from '@tp/contracts';
import { call } from '../../lib/api';
import { RoleTag } from './role-tag';

/**
 * The invitations still waiting for their staff member (not used, not expired). An admin who sent
 * a link to the wrong address revokes it here: the link stops working at once. Shown only while
 * there is one.
 */
export function PendingInvitations() {
  const { t } = useTranslation('staff');
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  // Under the staff list's key: an invitation sent or revoked refreshes both.
  const list = useQuery({ queryKey: ['staff', 'invitations', page], queryFn: () => call(endpoints.adminStaff.invitations, { page }) });
  if (!list.data || list.data.total === 0) return null;

  const revoke = (invitation: StaffPendingInvitation) =>
    modal.confirm({
      title: t('invitations.revoke_title'),
      content: t('invitations.revoke_text', { email: invitation.email }),
      okText: t('confirm'),
      cancelText: t('cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await call(endpoints.adminStaff.revokeInvitation, undefined, { pathParams: { id: invitation.id }, announce: true }).catch(() => undefined);
        await queryClient.invalidateQueries({ queryKey: ['staff'] });
      },
    });

  return (
    <Card title={t('invitations.title')} style={{ marginTop: 16 }}>
      <Table<StaffPendingInvitation>
        rowKey="id"
        dataSource={list.data.data}
        data-testid="invitations-table"
        scroll={{ x: 'max-content' }}
        pagination={{ current: page, pageSize: list.data.per_page, total: list.data.total, onChange: setPage, hideOnSinglePage: true }}
        columns={[
          { title: t('columns.email'), dataIndex: 'email', render: (email: string) => <Typography.Text ellipsis={{ tooltip: email }} style={{ maxWidth: 240 }}>{email}</Typography.Text> },
          { title: t('columns.role'), dataIndex: 'role', render: (role: AdminRole) => <RoleTag role={role} /> },
          { title: t('invitations.invited_by'), dataIndex: 'invited_by' },
          { title: t('invitations.expires'), dataIndex: 'expires_at', onCell: () => ({ style: { whiteSpace: 'nowrap' } }) },
          {
            title: t('columns.actions'),
            key: 'actions',
            render: (_, invitation) => (
              <Button size="small" danger onClick={() => revoke(invitation)} data-testid={`invitation-revoke-${invitation.id}`}>
                {t('invitations.revoke')}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
