import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { cancelAll, configureApi } from '@tp/client';
import type { StaffMember } from '@tp/contracts';
import { pageNamespaces } from '../../app/pages';
import { wireApi } from '../../lib/api';
import { initI18n } from '../../lib/i18n';
import { useSession } from '../../lib/session-store';
import { fakeServer } from '../../test/fake-server';
import { renderInConsole } from '../../test/render';
import StaffPage from './staff-page';

const member = (id: number, email: string, role: StaffMember['role'], status: StaffMember['status'] = 'active'): StaffMember => ({
  id,
  email,
  role,
  status,
  totp_enabled: false,
  last_login_at: null,
  created_at: '2026-11-24 10:00:00',
});
const list = (data: StaffMember[]) => ({ code: 1, data: { data, total: data.length, current_page: 1, last_page: 1, per_page: 15 } });

let server: ReturnType<typeof fakeServer>;

beforeAll(async () => {
  await initI18n(pageNamespaces(), 'en');
});

beforeEach(() => {
  cancelAll();
  act(() => useSession.getState().signIn({ token: 'staff-token', admin: { id: 1, email: 'boss@example.com', role: 'admin' } }));
  server = fakeServer();
  wireApi();
  configureApi({ fetch: server.fetch, origin: () => 'http://api.test' });
  server.answers['/admin/api/staff'] = [list([member(1, 'boss@example.com', 'admin'), member(2, 'rev@example.com', 'reviewer')])];
});

// The first render loads antd and the locale chunks, which takes a few seconds in jsdom.
describe('staff page', { timeout: 20_000 }, () => {
  it('lists the staff; the own row has no actions, the others a Manage menu', async () => {
    renderInConsole(<StaffPage />);
    const own = (await screen.findByText('boss@example.com')).closest('tr')!;
    expect(own.textContent).toContain('Your own account');
    expect(within(own).queryByText('Manage')).toBeNull();
    const other = screen.getByText('rev@example.com').closest('tr')!;
    expect(other.textContent).toContain('Reviewer');
    expect(other.textContent).toContain('Never');
    expect(within(other).getByText('Manage')).toBeTruthy();
  });

  it('disables only after the confirmation, with PUT and the row id', async () => {
    server.answers['/admin/api/staff/2'] = [{ code: 1, msg: 'Staff member updated', data: member(2, 'rev@example.com', 'reviewer', 'disabled') }];
    renderInConsole(<StaffPage />);
    fireEvent.click(await screen.findByText('Manage'));
    fireEvent.click(await screen.findByText('Disable'));
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm-title')?.textContent).toBe('Disable this staff member?'));
    expect(server.sent.filter((s) => s.url.pathname === '/admin/api/staff/2')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(server.sent.find((s) => s.url.pathname === '/admin/api/staff/2')).toMatchObject({ method: 'PUT', body: { disabled: true } }));
  });

  it('lists waiting invitations only when there are some, and revokes one after the confirmation', async () => {
    const invitation = { id: 7, email: 'typo@exmaple.com', role: 'admin', invited_by: 'boss@example.com', created_at: '2026-11-24 10:00:00', expires_at: '2026-11-27 10:00:00' };
    server.answers['/admin/api/staff/invitations'] = [{ code: 1, data: { data: [invitation], total: 1, current_page: 1, last_page: 1, per_page: 15 } }];
    server.answers['/admin/api/staff/invitations/7/revoke'] = [{ code: 1, msg: 'Invitation revoked', data: null }];
    renderInConsole(<StaffPage />);
    const row = (await screen.findByText('typo@exmaple.com')).closest('tr')!;
    expect(row.textContent).toContain('boss@example.com');
    expect(row.textContent).toContain('2026-11-27 10:00:00');
    fireEvent.click(within(row).getByTestId('invitation-revoke-7'));
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm-title')?.textContent).toBe('Revoke this invitation?'));
    expect(server.posts('/admin/api/staff/invitations/7/revoke')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(server.posts('/admin/api/staff/invitations/7/revoke')).toHaveLength(1));
  });

  it('shows no invitations table while none is waiting', async () => {
    server.answers['/admin/api/staff/invitations'] = [{ code: 1, data: { data: [], total: 0, current_page: 1, last_page: 1, per_page: 15 } }];
    renderInConsole(<StaffPage />);
    await screen.findByText('rev@example.com');
    await waitFor(() => expect(server.sent.some((s) => s.url.pathname === '/admin/api/staff/invitations')).toBe(true));
    expect(screen.queryByTestId('invitations-table')).toBeNull();
  });

  it('shows the invitation link once, after the invite', async () => {
    server.answers['/admin/api/staff'] = [
      list([member(1, 'boss@example.com', 'admin')]),
      { code: 1, msg: 'Invitation created', data: { email: 'new@example.com', role: 'support', link: 'http://x/admin/#/accept?token=abc', expires_at: '2026-11-27 10:00:00' } },
      list([member(1, 'boss@example.com', 'admin')]),
    ];
    renderInConsole(<StaffPage />);
    fireEvent.click(await screen.findByTestId('staff-invite'));
    fireEvent.change(await screen.findByTestId('invite-email'), { target: { value: 'new@example.com' } });
    fireEvent.click(screen.getByTestId('invite-submit'));
    expect(((await screen.findByTestId('invite-link')) as HTMLInputElement).value).toBe('http://x/admin/#/accept?token=abc');
    expect(server.posts('/admin/api/staff')[0]?.body).toEqual({ email: 'new@example.com', role: 'reviewer' });
    fireEvent.click(screen.getByTestId('invite-done'));
    // Opened again, the dialog asks for a new invitation: the link is not shown a second time.
    fireEvent.click(screen.getByTestId('staff-invite'));
    await waitFor(() => expect(screen.queryByTestId('invite-link')).toBeNull());
    expect(screen.getByTestId('invite-email')).toBeTruthy();
  });
});
