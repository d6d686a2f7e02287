import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { cancelAll, configureApi } from '@tp/client';
import type { AdminDeposit, AdminLoan, AdminWithdrawal } from '@tp/contracts';
import { pageNamespaces } from '../../app/pages';
import { wireApi } from '../../lib/api';
import { initI18n } from '../../lib/i18n';
import { useSession } from '../../lib/session-store';
import { fakeServer } from '../../test/fake-server';
import { renderInConsole } from '../../test/render';
import DepositsQueuePage from './definitions/deposits';
import LoanRepaymentsQueuePage from './definitions/loan-repayments';
import WithdrawalsQueuePage from './definitions/withdrawals';

function deposit(id: number, status = 0): AdminDeposit {
  return {
    id,
    number: `${id}00.00`,
    type: 0,
    currency_code: 'USDT',
    status,
    proof_img: `/uploads/${String(id).padStart(32, 'a')}.png`,
    address: `sender-${id}`,
    remark: '',
    created_at: '2026-11-24 10:00:00',
    user: { id: 10 + id, uid: `U${id}`, email: `user${id}@example.com` },
    channel: 'USDT TRC20 Txyz',
    reviewed_at: null,
    reviewed_by: null,
  };
}
const page = (data: AdminDeposit[]) => ({ code: 1, data: { data, total: data.length, current_page: 1, last_page: 1, per_page: 20 } });
const png = () => new Response(new Uint8Array([137, 80, 78, 71]), { status: 200, headers: { 'Content-Type': 'image/png' } });

let server: ReturnType<typeof fakeServer>;

beforeAll(async () => {
  await initI18n(pageNamespaces(), 'en');
});

beforeEach(() => {
  cancelAll();
  act(() => useSession.getState().signIn({ token: 'staff-token', admin: { id: 1, email: 'boss@example.com', role: 'reviewer' } }));
  server = fakeServer();
  wireApi();
  configureApi({ fetch: server.fetch, origin: () => 'http://api.test' });
  for (let id = 1; id <= 3; id++) server.answers[`/uploads/${String(id).padStart(32, 'a')}.png`] = [png];
});

const key = (k: string) => fireEvent.keyDown(window, { key: k });
const selectedRow = () => document.querySelector('.tp-queue-row-selected')!;
/**
 * The open decision dialog with this title. (Found by class: in tests antd gives every dialog the
 * same labelling id, so the drawer and the dialog share an accessible name.)
 */
async function decisionDialog(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const modal = document.querySelector<HTMLElement>('.ant-modal');
    expect(modal?.querySelector('.ant-modal-title')?.textContent).toBe(title);
    return modal!;
  });
}
const drawerTitle = () => document.querySelector('.ant-drawer-open .ant-drawer-title')?.textContent;

describe('review queue', () => {
  it('opens on the waiting items, and the keyboard moves, opens, closes and approves', async () => {
    server.answers['/admin/api/deposits'] = [page([deposit(1), deposit(2), deposit(3)]), page([deposit(2), deposit(3)])];
    server.answers['/admin/api/deposits/1/approve'] = [{ code: 1, msg: 'Saved', data: { id: 1, status: 1 } }];
    renderInConsole(<DepositsQueuePage />);
    await screen.findByText('user1@example.com');
    expect(server.sent[0]!.url.searchParams.get('status')).toBe('0');
    expect(selectedRow().getAttribute('data-row-key')).toBe('1');

    key('j');
    expect(selectedRow().getAttribute('data-row-key')).toBe('2');
    key('ArrowDown');
    key('ArrowDown'); // stays on the last row
    expect(selectedRow().getAttribute('data-row-key')).toBe('3');
    key('k');
    key('ArrowUp');
    expect(selectedRow().getAttribute('data-row-key')).toBe('1');

    key('Enter');
    await waitFor(() => expect(drawerTitle()).toBe('Deposit #1'));
    // Every field, and the proof image fetched with the admin token.
    const drawer = document.querySelector('.ant-drawer-open')!;
    expect(drawer.textContent).toContain('sender-1');
    expect(drawer.textContent).toContain('100.00 USDT');
    await waitFor(() => expect(drawer.querySelector('[data-testid="detail-image-proof_img"]')).not.toBeNull());
    expect(server.sent.find((s) => s.url.pathname.startsWith('/uploads/'))!.headers.authorization).toBe('staff-token');

    key('j'); // the open drawer follows the selection
    await waitFor(() => expect(drawerTitle()).toBe('Deposit #2'));
    key('k');
    await waitFor(() => expect(drawerTitle()).toBe('Deposit #1'));
    key('Escape');
    await waitFor(() => expect(drawerTitle()).toBeUndefined());

    key('a');
    const dialog = await decisionDialog('Approve #1');
    fireEvent.change(within(dialog).getByTestId('decision-reason'), { target: { value: 'matched the bank statement' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(server.posts('/admin/api/deposits/1/approve')).toHaveLength(1));
    expect(server.posts('/admin/api/deposits/1/approve')[0]!.body).toEqual({ reason: 'matched the bank statement' });
    // The list is read again: the decided item has left the waiting filter.
    await waitFor(() => expect(screen.queryByText('user1@example.com')).toBeNull());
    expect(await screen.findByText('Saved')).toBeTruthy();
  });

  it('a rejection needs a reason: without one nothing is sent', async () => {
    server.answers['/admin/api/deposits'] = [page([deposit(1)])];
    renderInConsole(<DepositsQueuePage />);
    await screen.findByText('user1@example.com');
    key('r');
    const dialog = await decisionDialog('Reject #1');
    fireEvent.change(within(dialog).getByTestId('decision-reason'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('A rejection needs a reason')).toBeTruthy();
    expect(server.posts('/admin/api/deposits/1/reject')).toHaveLength(0);
  });

  it('"already decided" is shown, the dialog closes and the row is refreshed', async () => {
    server.answers['/admin/api/deposits'] = [page([deposit(1)]), page([deposit(1, 2)])];
    server.answers['/admin/api/deposits/1/reject'] = [{ code: 0, msg: 'This item was already decided', error: 'already_decided' }];
    renderInConsole(<DepositsQueuePage />, '/?status=0');
    await screen.findByText('user1@example.com');
    fireEvent.click(screen.getByText('user1@example.com'));
    fireEvent.click(await screen.findByTestId('detail-reject'));
    const dialog = await decisionDialog('Reject #1');
    fireEvent.change(within(dialog).getByTestId('decision-reason'), { target: { value: 'proof unreadable' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('This item was already decided')).toBeTruthy();
    expect(server.posts('/admin/api/deposits/1/reject')[0]!.body).toEqual({ reason: 'proof unreadable' });
    await waitFor(() => expect(document.querySelector('.ant-modal')).toBeNull());
    // The refreshed row (and the open drawer) show the decision someone else made; no buttons left.
    await waitFor(() => expect(within(document.querySelector('.ant-drawer-open')!).getByTestId('queue-status').textContent).toBe('Rejected'));
    expect(screen.queryByTestId('detail-reject')).toBeNull();
  });

  it('"already decided" while the drawer is open: the item, gone from the waiting list, is read where it went and shows its decision', async () => {
    // The server's waiting list no longer holds the item; the rejected list does, with its reviewer.
    server.answers['/admin/api/deposits'] = [page([deposit(1)]), page([]), page([{ ...deposit(1, 2), reviewed_by: 7, reviewed_at: '2026-11-24 11:00:00' }])];
    server.answers['/admin/api/deposits/1/reject'] = [{ code: 0, msg: 'This item was already decided', error: 'already_decided' }];
    server.answers['/admin/api/staff/names'] = [{ code: 1, data: [{ id: 7, email: 'carol@staff.example.com' }] }];
    renderInConsole(<DepositsQueuePage />, '/?status=0');
    fireEvent.click(await screen.findByText('user1@example.com'));
    fireEvent.click(await screen.findByTestId('detail-reject'));
    const dialog = await decisionDialog('Reject #1');
    fireEvent.change(within(dialog).getByTestId('decision-reason'), { target: { value: 'proof unreadable' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('This item was already decided')).toBeTruthy();
    const drawer = () => document.querySelector<HTMLElement>('.ant-drawer-open')!;
    await waitFor(() => expect(within(drawer()).getByTestId('queue-status').textContent).toBe('Rejected'));
    expect(screen.queryByTestId('detail-reject')).toBeNull();
    // The reviewer by name, not by staff id.
    await waitFor(() => expect(within(drawer()).getByTestId('staff-name').textContent).toBe('carol@staff.example.com'));
    expect(drawer().textContent).not.toContain('staff ID');
  });

  it('the approve dialog says its note is shown to the user, as the reject dialog says of its reason', async () => {
    server.answers['/admin/api/deposits'] = [page([deposit(1)])];
    renderInConsole(<DepositsQueuePage />);
    await screen.findByText('user1@example.com');
    key('a');
    const approve = await decisionDialog('Approve #1');
    expect(approve.querySelector('label')?.textContent).toMatch(/shown to the user/);
  });

  it('a crypto withdrawal lists no bank rows; a bank one lists them and no wallet address', async () => {
    const method = { id: 5, type: 1, draw_id: 1, dc_address: 'TXcryptoaddress', payee_account: '', payee_name: '', bank_name: '', bank_address: '', bank_swift: '', bank_branch: '', beneficiary_currency: '', remark: '', draw_currency: { code: 'USDT', protocol: 'TRC20' }, created_at: '2026-11-20 10:00:00', usable_at: '2026-11-21 10:00:00' };
    const withdrawal = (id: number, type: number, m: typeof method): AdminWithdrawal => ({
      id, number: '100', fee: '1', real_number: '99', status: 0, status_name: 'Pending', created_at: '2026-11-24 10:00:00', type, address: m.dc_address, payee_account: m.payee_account, notes: '', remark: '',
      draw_currency: { code: 'USDT', protocol: 'TRC20' }, user: { id: 11, uid: 'U1', email: 'user1@example.com' }, method: m, reviewed_at: null, reviewed_by: null,
    });
    const bank = { ...method, id: 6, type: 2, dc_address: '', payee_account: '0012345678', payee_name: 'Ann Lee', bank_name: 'Harbour Bank' };
    server.answers['/admin/api/withdrawals'] = [page([withdrawal(1, 1, method), withdrawal(2, 2, bank)] as never)];
    renderInConsole(<WithdrawalsQueuePage />);
    fireEvent.click(await screen.findByText('TXcryptoaddress'));
    await waitFor(() => expect(drawerTitle()).toBe('Withdrawal #1'));
    const labels = () => [...document.querySelectorAll('.ant-drawer-open .ant-descriptions-item-label')].map((l) => l.textContent);
    expect(labels()).toContain('Wallet address');
    expect(labels()).not.toContain('Bank');
    expect(labels()).not.toContain('Account number');
    key('j');
    await waitFor(() => expect(drawerTitle()).toBe('Withdrawal #2'));
    expect(labels()).toContain('Bank');
    expect(labels()).toContain('Account number');
    expect(labels()).not.toContain('Wallet address');
  });

  it('a repayment says how it was paid in words, not as an internal reference', async () => {
    const loan = { id: 4, status: 4, user: { id: 11, uid: 'U1', email: 'user1@example.com' }, amount: '1000', repay_amount: '1017', repay_channel: 'bank_account:1', repay_channel_name: 'Harbour Bank 0012345678', repay_submitted_at: '2026-11-24 10:00:00', repay_proof: '', sign: '', pdf_url: '' } as unknown as AdminLoan;
    server.answers['/admin/api/loan-repayments'] = [page([loan] as never)];
    renderInConsole(<LoanRepaymentsQueuePage />);
    expect(await screen.findByText('Bank transfer to: Harbour Bank 0012345678')).toBeTruthy();
    expect(screen.queryByText(/bank_account:/)).toBeNull();
  });

  it('keys typed into a field stay in the field; Enter and arrows on a control stay the control\'s', async () => {
    server.answers['/admin/api/deposits'] = [page([deposit(1), deposit(2)])];
    renderInConsole(
      <>
        <input data-testid="elsewhere" />
        <DepositsQueuePage />
      </>,
    );
    await screen.findByText('user1@example.com');
    fireEvent.keyDown(screen.getByTestId('elsewhere'), { key: 'j' });
    expect(selectedRow().getAttribute('data-row-key')).toBe('1');
    fireEvent.keyDown(screen.getByTestId('elsewhere'), { key: 'a' });
    expect(document.querySelector('.ant-modal')).toBeNull();
    // Enter and arrows on a focused control are the control's; letters still work there.
    const nextPage = document.querySelector<HTMLElement>('.ant-pagination-item a')!;
    fireEvent.keyDown(nextPage, { key: 'Enter' });
    fireEvent.keyDown(nextPage, { key: 'ArrowDown' });
    expect(drawerTitle()).toBeUndefined();
    expect(selectedRow().getAttribute('data-row-key')).toBe('1');
    fireEvent.keyDown(nextPage, { key: 'j' });
    expect(selectedRow().getAttribute('data-row-key')).toBe('2');
  });
});
