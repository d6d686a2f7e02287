import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { cancelAll, configureApi } from '@tp/client';
import { wireApi } from '../../lib/api';
import { initI18n } from '../../lib/i18n';
import { useSession } from '../../lib/session-store';
import { fakeServer } from '../../test/fake-server';
import { renderInConsole } from '../../test/render';
import AcceptInvitePage from './accept-invite-page';

const TOKEN = 'A'.repeat(43);
let server: ReturnType<typeof fakeServer>;

beforeAll(async () => {
  await initI18n(['accept'], 'en');
});

beforeEach(() => {
  cancelAll();
  act(() => useSession.getState().signOut());
  server = fakeServer();
  wireApi();
  configureApi({ fetch: server.fetch, origin: () => 'http://api.test' });
});

function setPassword(password: string, repeat = password) {
  fireEvent.change(screen.getByTestId('accept-password'), { target: { value: password } });
  fireEvent.change(screen.getByTestId('accept-repeat'), { target: { value: repeat } });
  fireEvent.click(screen.getByTestId('accept-submit'));
}

describe('accepting an invitation', { timeout: 20_000 }, () => {
  it('sends the token of the link with the password and welcomes the new staff member', async () => {
    server.answers['/admin/api/staff/accept'] = [{ code: 1, msg: 'Welcome', data: { email: 'new@example.com', role: 'reviewer' } }];
    renderInConsole(<AcceptInvitePage />, `/accept?token=${TOKEN}`);
    await screen.findByTestId('accept-password');
    setPassword('reviewer-password-1');
    expect((await screen.findByTestId('accept-done')).textContent).toContain('new@example.com can now sign in as Reviewer');
    expect(server.posts('/admin/api/staff/accept')[0]?.body).toEqual({ token: TOKEN, password: 'reviewer-password-1' });
  });

  it("shows the server's refusal of a used or expired link", async () => {
    server.answers['/admin/api/staff/accept'] = [{ code: 0, msg: 'This invitation link is invalid, expired or already used', error: 'staff_invite_invalid' }];
    renderInConsole(<AcceptInvitePage />, `/accept?token=${TOKEN}`);
    await screen.findByTestId('accept-password');
    setPassword('reviewer-password-1');
    expect((await screen.findByTestId('accept-error')).textContent).toContain('already used');
  });

  it('sends nothing when the two passwords differ', async () => {
    renderInConsole(<AcceptInvitePage />, `/accept?token=${TOKEN}`);
    await screen.findByTestId('accept-password');
    setPassword('reviewer-password-1', 'reviewer-password-2');
    await waitFor(() => expect(screen.getByText('The two passwords do not match')).toBeTruthy());
    expect(server.posts('/admin/api/staff/accept')).toHaveLength(0);
  });
});
