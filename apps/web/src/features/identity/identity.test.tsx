import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints, type RealNameCenter, type User } from '@tp/contracts';
import { configureApi } from '../../lib/api/client';
import { useAuth } from '../../lib/auth-store';
import { i18next, initI18n, setLang } from '../../lib/i18n';
import { calls, callsTo, renderScreen, resetFetch, routes } from '../../test/market-harness';
import { AuthPage } from './routes/auth-page';

vi.mock('../../lib/toast', () => ({ toast: vi.fn(), toastSuccess: vi.fn() }));
const { toast, toastSuccess } = await import('../../lib/toast');

const realUser: User = { id: 7, uid: '10000007', email: 'ann@example.com', invite_code: 'ANN123', is_demo: 0, is_trader: 0, created_at: '2026-01-01 00:00:00' };
const demoUser: User = { ...realUser, id: 8, email: null, is_demo: 1 };
const EMPTY: RealNameCenter = { review_status: 0, name: '', id_card_type: null, id_card_type_name: '', card_id: '', front_pic: '', reverse_pic: '', reject_reason: '' };
const FRONT = '/uploads/0123456789abcdef0123456789abcdef.png';
const BACK = '/uploads/fedcba9876543210fedcba9876543210.jpg';
const refused = (msg: string) => new Response(JSON.stringify({ code: 0, msg, data: null }));
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'id.png', { type: 'image/png' });
const click = async (el: Element) => {
  await act(async () => {
    fireEvent.click(el);
  });
};
const choose = async (testId: string) => {
  await act(async () => {
    fireEvent.change(screen.getByTestId(testId).querySelector('input[type=file]')!, { target: { files: [png()] } });
  });
};
const shown = (testId: string) => screen.getByTestId(testId).querySelectorAll('.adm-image-uploader-cell img').length;
const lastBody = (path: string) => JSON.parse(calls.filter((c) => c.url.pathname === path).at(-1)!.init.body as string) as Record<string, unknown>;

beforeAll(async () => {
  await initI18n('en');
  await i18next.loadNamespaces('identity');
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

beforeEach(async () => {
  await setLang('en');
  resetFetch();
  configureApi({ notify: toast, notifySuccess: toastSuccess });
  vi.mocked(toast).mockClear();
  useAuth.setState({ token: 'tok', user: realUser });
});

describe('real-name auth screen', () => {
  it('a demo account sees "only true account" and nothing is asked of the server', async () => {
    useAuth.setState({ token: 'tok', user: demoUser });
    await renderScreen(<AuthPage />, '/mine/auth');
    expect(screen.getByTestId('identity-demo-notice').textContent).toContain('Only available for a real account');
    expect(callsTo(endpoints.realName.center.path)).toHaveLength(0);
  });

  it('form: a failed upload clears the image; submit sends the fields without checking them first, then shows waiting', async () => {
    routes[endpoints.realName.center.path] = () => EMPTY;
    let uploads = 0;
    routes[endpoints.uploads.image.path] = () => {
      uploads += 1;
      if (uploads === 1) return refused('Images only: PNG, JPEG or WebP');
      return { url: uploads === 2 ? FRONT : BACK };
    };
    await renderScreen(<AuthPage />, '/mine/auth');
    await screen.findByTestId('identity-form');
    await choose('identity-front');
    await waitFor(() => expect(toast).toHaveBeenCalledWith('Images only: PNG, JPEG or WebP'));
    expect(shown('identity-front')).toBe(0);

    // No client validation (spec section 5): the server answers what is missing.
    routes[endpoints.realName.submit.path] = () => refused('Please upload the front of your ID');
    await click(screen.getByTestId('identity-submit'));
    await waitFor(() => expect(toast).toHaveBeenLastCalledWith('Please upload the front of your ID'));
    expect(lastBody(endpoints.realName.submit.path)).toEqual({ name: '', id_card_type: 1, card_id: '', front_pic: '', reverse_pic: '' });

    await choose('identity-front');
    await waitFor(() => expect(shown('identity-front')).toBe(1));
    await choose('identity-back');
    await waitFor(() => expect(shown('identity-back')).toBe(1));
    fireEvent.change(screen.getByTestId('identity-name-input'), { target: { value: 'Ann Lee' } });
    fireEvent.change(screen.getByTestId('identity-number-input'), { target: { value: 'P1234567' } });
    await click(screen.getByText('Passport'));
    routes[endpoints.realName.submit.path] = () => ({ ...EMPTY, review_status: 1, name: 'Ann Lee', id_card_type: 2, id_card_type_name: 'Passport', card_id: 'P1234567', front_pic: FRONT, reverse_pic: BACK });
    await click(screen.getByTestId('identity-submit'));
    await screen.findByTestId('identity-waiting');
    expect(lastBody(endpoints.realName.submit.path)).toEqual({ name: 'Ann Lee', id_card_type: 2, card_id: 'P1234567', front_pic: FRONT, reverse_pic: BACK });
    expect(screen.getByTestId('identity-type').textContent).toBe('Passport');
    expect(screen.getByTestId('identity-number').textContent).toBe('P1234567');
  });

  it('a rejection is the form again with the reason, prefilled with what was sent', async () => {
    routes[endpoints.realName.center.path] = () => ({ ...EMPTY, name: 'Ann Lee', id_card_type: 3, id_card_type_name: "Driver's license", card_id: 'D-1', front_pic: FRONT, reverse_pic: BACK, reject_reason: 'Blurred photo' });
    await renderScreen(<AuthPage />, '/mine/auth');
    expect((await screen.findByTestId('identity-rejected')).textContent).toContain('Blurred photo');
    expect((screen.getByTestId('identity-name-input') as HTMLInputElement).value).toBe('Ann Lee');
    expect((screen.getByTestId('identity-number-input') as HTMLInputElement).value).toBe('D-1');
    expect(shown('identity-front')).toBe(0);
  });

  it('finished shows name, type, number and both photos (private files, fetched by the app)', async () => {
    routes[endpoints.realName.center.path] = () => ({ ...EMPTY, review_status: 2, name: 'Ann Lee', id_card_type: 1, id_card_type_name: 'ID card', card_id: 'A1', front_pic: FRONT, reverse_pic: BACK });
    routes[FRONT] = () => new Response(new Uint8Array([1]), { headers: { 'content-type': 'image/png' } });
    routes[BACK] = () => new Response(new Uint8Array([1]), { headers: { 'content-type': 'image/jpeg' } });
    await renderScreen(<AuthPage />, '/mine/auth');
    await screen.findByTestId('identity-finished');
    expect(screen.getByTestId('identity-name').textContent).toBe('Ann Lee');
    expect(screen.getByTestId('identity-type').textContent).toBe('ID card');
    await waitFor(() => expect(callsTo(FRONT)).toHaveLength(1));
    await waitFor(() => expect(callsTo(BACK)).toHaveLength(1));
  });

  it('a failed read offers a retry', async () => {
    let n = 0;
    routes[endpoints.realName.center.path] = () => {
      n += 1;
      return n === 1 ? refused('Busy') : EMPTY;
    };
    await renderScreen(<AuthPage />, '/mine/auth');
    await click(await screen.findByText('Retry'));
    await screen.findByTestId('identity-form');
  });
});
