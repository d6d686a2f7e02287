import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints, type User } from '@tp/contracts';
import { cancelAll } from '../../lib/api/client';
import { useAuth } from '../../lib/auth-store';
import { i18next, initI18n, setLang } from '../../lib/i18n';
import { callsTo, renderScreen, resetFetch, routes } from '../../test/market-harness';
import { AnnouncementPage } from './routes/announcement-page';
import { EmailPage } from './routes/email-page';
import { FeedbackPage } from './routes/feedback-page';
import { VideoPage } from './routes/video-page';
import { absoluteUrl, posterFor, videoType } from './model/links';

vi.mock('../../lib/toast', () => ({ toast: vi.fn(), toastSuccess: vi.fn() }));
vi.mock('../../lib/clipboard', () => ({ copyText: vi.fn(async () => true) }));
const { toastSuccess } = await import('../../lib/toast');
const { copyText } = await import('../../lib/clipboard');

const realUser: User = { id: 7, uid: '10000007', email: 'ann@example.com', invite_code: 'ANN123', is_demo: 0, is_trader: 0, created_at: '2026-01-01 00:00:00' };
const demoUser: User = { ...realUser, id: 8, email: null, is_demo: 1 };
const company = {
  id: 1, name: 'Harbour Point Markets Ltd', logo: '', url: '/', subject: 'Online trading', email: 'desk@harbour.example',
  registered_address: '18 Harbour Road, Wan Chai, Hong Kong', location: 'Level 21, Two Pacific Place, Admiralty',
};

beforeAll(async () => {
  await initI18n('en');
  await i18next.loadNamespaces('company');
});
beforeEach(async () => {
  await setLang('en');
  resetFetch();
  vi.mocked(copyText).mockClear();
  vi.mocked(toastSuccess).mockClear();
});
afterEach(() => {
  cancelAll();
  useAuth.getState().clear();
});

describe('links', () => {
  it.each([
    ['/', 'https://app.example', 'https://app.example/'],
    ['https://harbour.example', 'https://app.example', 'https://harbour.example/'],
    ['/videos/a.webm', 'http://localhost:8080', 'http://localhost:8080/videos/a.webm'],
    ['javascript:alert(1)', 'https://app.example', ''],
    ['', 'https://app.example', ''],
  ])('absoluteUrl(%s) on %s is %s', (value, origin, expected) => {
    expect(absoluteUrl(value, origin)).toBe(expected);
  });

  it.each([
    ['/videos/market-basics.webm', '/videos/market-basics.jpg', 'video/webm'],
    ['https://cdn.example.com/intro.mp4', undefined, 'video/mp4'],
    ['https://cdn.example.com/stream?id=4', undefined, undefined],
  ])('%s: poster %s, type %s', (url, poster, type) => {
    expect(posterFor(url)).toBe(poster);
    expect(videoType(url)).toBe(type);
  });
});

describe('company e-mail page', () => {
  it('shows the e-mail and copies it, then the company information with a full website address', async () => {
    routes[endpoints.company.email.path] = () => ({ email: 'care@harbour.example' });
    routes[endpoints.settings.company.path] = () => company;
    await renderScreen(<EmailPage />, '/mine/email');
    expect((await screen.findByTestId('company-email')).textContent).toContain('care@harbour.example');
    await act(async () => {
      fireEvent.click(screen.getByTestId('company-email-copy'));
    });
    expect(copyText).toHaveBeenCalledWith('care@harbour.example');
    expect(toastSuccess).toHaveBeenCalledWith('Copied');
    expect((await screen.findByTestId('company-name')).textContent).toContain(company.name);
    expect(screen.getByTestId('company-contact-email').textContent).toContain(company.email);
    expect(screen.getByTestId('company-office').textContent).toContain(company.location);
    expect(screen.getByTestId('company-registered').textContent).toContain(company.registered_address);
    // The platform's own company links "/": shown as this site's address, never a bare "/".
    expect(screen.getByTestId('company-website').textContent).toBe(`${window.location.origin}/`);
  });

  it('a failed read offers to read it again', async () => {
    let fail = true;
    routes[endpoints.company.email.path] = () => (fail ? new Response('', { status: 500 }) : { email: 'care@harbour.example' });
    routes[endpoints.settings.company.path] = () => company;
    await renderScreen(<EmailPage />, '/mine/email');
    const retry = await screen.findByRole('button', { name: 'Retry' }, { timeout: 4000 });
    fail = false;
    await act(async () => {
      fireEvent.click(retry);
    });
    expect((await screen.findByTestId('company-email')).textContent).toContain('care@harbour.example');
  });
});

describe('announcement', () => {
  it('states the countries that are not served; a real account sees no test marker', async () => {
    useAuth.getState().setSession({ token: 'tok-7', user: realUser });
    await renderScreen(<AnnouncementPage />, '/mine/announcement');
    const restricted = screen.getByTestId('announcement-restricted').textContent!;
    for (const country of ['North Korea', 'Israel', 'China', 'Vanuatu', 'Cuba']) expect(restricted).toContain(country);
    expect(screen.queryByTestId('announcement-test-marker')).toBeNull();
  });

  it('a demo account sees the test marker beside the title; the text follows the language', async () => {
    useAuth.getState().setSession({ token: 'tok-8', user: demoUser });
    await setLang('de');
    await i18next.loadNamespaces('company');
    await renderScreen(<AnnouncementPage />, '/mine/announcement');
    expect(screen.getByTestId('announcement-test-marker').textContent).toContain('Test');
    expect(screen.getByTestId('announcement-restricted').textContent).toContain('Nordkorea');
  });
});

describe('videos', () => {
  it('plays the two videos of the settings: controls, inline, no autoplay, poster for a shipped clip', async () => {
    routes[endpoints.settings.setting.path] = (url) => {
      const key = url.searchParams.get('key');
      return { key, value: key === 'video_url_1' ? '/videos/market-basics.webm' : 'https://cdn.example.com/intro.mp4' };
    };
    await renderScreen(<VideoPage />, '/mine/video');
    const first = (await screen.findByTestId('video-1')) as HTMLVideoElement;
    const second = (await screen.findByTestId('video-2')) as HTMLVideoElement;
    expect(first.controls).toBe(true);
    expect(first.hasAttribute('playsinline')).toBe(true);
    expect(first.autoplay).toBe(false);
    expect(first.getAttribute('poster')).toBe('/videos/market-basics.jpg');
    expect(first.querySelector('source')!.getAttribute('src')).toBe('/videos/market-basics.webm');
    expect(first.querySelector('source')!.getAttribute('type')).toBe('video/webm');
    expect(second.getAttribute('poster')).toBeNull();
    expect(second.querySelector('source')!.getAttribute('type')).toBe('video/mp4');
    expect(callsTo(endpoints.settings.setting.path).map((u) => u.searchParams.get('key')).sort()).toEqual(['video_url_1', 'video_url_2']);
  });

  it('a video that is not set shows the empty state', async () => {
    routes[endpoints.settings.setting.path] = (url) => ({ key: url.searchParams.get('key'), value: url.searchParams.get('key') === 'video_url_1' ? '/videos/market-basics.webm' : null });
    await renderScreen(<VideoPage />, '/mine/video');
    await screen.findByTestId('video-1');
    await waitFor(() => expect(screen.getByTestId('empty')).toBeTruthy());
    expect(screen.queryByTestId('video-2')).toBeNull();
  });
});

describe('feedback', () => {
  it('is the placeholder: it points to online service and the company e-mail', async () => {
    await renderScreen(<FeedbackPage />, '/feedback');
    expect(screen.getByTestId('feedback-placeholder')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByTestId('feedback-email'));
    });
    expect(screen.getByTestId('where').textContent).toContain('/mine/email');
  });
});
