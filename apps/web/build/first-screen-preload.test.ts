import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Rolldown } from 'vite';
import { preloadScript, screenFiles } from './first-screen-preload';
import { FIRST_SCREEN_CHUNKS, TAB_SCREEN_CHUNKS, TAB_SCREENS_KEY } from '../src/app/first-screen-chunks';

const src = '/app/src';
/** A bundle as the build hands it over: chunks by file, with their static imports and stylesheets. */
function chunk(fileName: string, opts: { entry?: boolean; facade?: string; imports?: string[]; css?: string[] } = {}) {
  return [fileName, { type: 'chunk', fileName, isEntry: !!opts.entry, facadeModuleId: opts.facade ?? null, imports: opts.imports ?? [], viteMetadata: { importedCss: new Set(opts.css ?? []), importedAssets: new Set() } }];
}
function bundle(): Rolldown.OutputBundle {
  const screens = [...new Set([...Object.values(FIRST_SCREEN_CHUNKS).flat(), ...TAB_SCREEN_CHUNKS])];
  return Object.fromEntries([
    chunk('assets/index.js', { entry: true, imports: ['assets/shared.js'], css: ['assets/index.css'] }),
    chunk('assets/shared.js'),
    chunk('assets/ui.js', { imports: ['assets/shared.js'], css: ['assets/ui.css', 'assets/index.css'] }),
    ...screens.map((m) => chunk(`assets/${m.split('/').pop()}.js`, { facade: `${src}/${m}.ts${m.startsWith('app/') ? 'x' : ''}`, imports: ['assets/ui.js', 'assets/shared.js'], css: [`assets/${m.split('/').pop()}.css`] })),
  ]) as unknown as Rolldown.OutputBundle;
}

/** The trade screen's own files, in the order they are asked for. */
const TRADE_FILES = [
  './assets/market-screens.js',
  './assets/forex-screens.js',
  './assets/ui.js',
  './assets/market-screens.css',
  './assets/forex-screens.css',
  './assets/ui.css',
];

/** The tab screens' files the trade screen has not asked for already, in the order they are asked for. */
const TAB_FILES_AFTER_TRADE = [
  './assets/micro-screens.js',
  './assets/account-screens.js',
  './assets/order-page.js',
  './assets/micro-screens.css',
  './assets/account-screens.css',
  './assets/order-page.css',
];

describe('the first screen preload', () => {
  afterEach(() => {
    document.head.querySelectorAll('link').forEach((l) => l.remove());
    window.location.hash = '';
    delete window.tpFetchScreens;
  });

  it('lists each directly opened screen with its chunks and stylesheets, less what the first load has', () => {
    const files = screenFiles(bundle(), src);
    expect(Object.keys(files)).toEqual([...Object.keys(FIRST_SCREEN_CHUNKS), TAB_SCREENS_KEY]);
    expect(files['/trade']).toEqual({
      js: ['assets/market-screens.js', 'assets/forex-screens.js', 'assets/ui.js'],
      css: ['assets/market-screens.css', 'assets/forex-screens.css', 'assets/ui.css'],
    });
    expect(files['/order']!.js).toEqual(['assets/order-page.js', 'assets/forex-screens.js', 'assets/ui.js']);
  });

  it('refuses a build where a named screen module has no chunk', () => {
    const b = bundle();
    delete (b as Record<string, unknown>)['assets/mining-screens.js'];
    expect(() => screenFiles(b, src)).toThrow(/mining-screens/);
  });

  it('asks for the files of the screen in the address, as the router reads it, and for nothing on another', () => {
    const script = preloadScript(screenFiles(bundle(), src));
    vi.useFakeTimers();
    try {
      window.location.hash = '#/mining/?from=home';
      new Function(script)();
      vi.runAllTimers();
      const links = [...document.head.querySelectorAll('link')].map((l) => [l.rel, l.getAttribute('as'), l.getAttribute('href'), l.crossOrigin]);
      expect(links).toEqual([
        ['modulepreload', null, './assets/mining-screens.js', ''],
        ['modulepreload', null, './assets/ui.js', ''],
        ['preload', 'style', './assets/mining-screens.css', ''],
        ['preload', 'style', './assets/ui.css', ''],
      ]);
      document.head.querySelectorAll('link').forEach((l) => l.remove());
      window.location.hash = '#/news';
      new Function(script)();
      vi.runAllTimers();
      expect(document.head.querySelectorAll('link')).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks for the first screen\'s files one per task, ahead of other tasks where the browser can say so', () => {
    const asked = () => [...document.head.querySelectorAll('link')].map((l) => l.getAttribute('href'));
    const script = preloadScript(screenFiles(bundle(), src));
    window.location.hash = '#/trade';
    // Without a task scheduler: the first file at once, each next one in a task of its own.
    vi.useFakeTimers();
    try {
      new Function(script)();
      expect(asked()).toEqual(['./assets/market-screens.js']);
      vi.advanceTimersToNextTimer();
      expect(asked()).toEqual(['./assets/market-screens.js', './assets/forex-screens.js']);
      vi.runAllTimers();
      expect(asked()).toEqual(TRADE_FILES);
    } finally {
      vi.useRealTimers();
    }
    document.head.querySelectorAll('link').forEach((l) => l.remove());
    // With one (Chromium's scheduler.postTask): the next files go as user-blocking tasks.
    const posted: { fn: () => void; priority: unknown }[] = [];
    const scheduler = { postTask: (fn: () => void, options: { priority?: unknown }) => posted.push({ fn, priority: options.priority }) };
    Object.defineProperty(window, 'scheduler', { value: scheduler, configurable: true });
    try {
      new Function(script)();
      expect(asked()).toEqual(['./assets/market-screens.js']);
      const priorities: unknown[] = [];
      while (posted.length) {
        const task = posted.shift()!;
        priorities.push(task.priority);
        task.fn();
      }
      expect(asked()).toEqual(TRADE_FILES);
      expect(new Set(priorities)).toEqual(new Set(['user-blocking']));
    } finally {
      delete (window as { scheduler?: unknown }).scheduler;
    }
  });

  it('leaves a function that fetches the tab screens\' files, each file asked for once', () => {
    const files = screenFiles(bundle(), src);
    expect(files[TAB_SCREENS_KEY]!.js).toEqual([
      'assets/market-screens.js',
      'assets/forex-screens.js',
      'assets/micro-screens.js',
      'assets/account-screens.js',
      'assets/order-page.js',
      'assets/ui.js',
    ]);
    window.location.hash = '#/trade';
    vi.useFakeTimers();
    new Function(preloadScript(files))();
    vi.runAllTimers();
    const asked = () => [...document.head.querySelectorAll('link')].map((l) => l.getAttribute('href'));
    expect(asked()).toHaveLength(6);
    expect(window.tpFetchScreens?.(TAB_SCREENS_KEY)).toBe(true);
    // One file per task, not all in the caller's task: at first only the first new file is asked for.
    expect(asked()).toHaveLength(7);
    vi.advanceTimersToNextTimer();
    expect(asked()).toHaveLength(8);
    vi.runAllTimers();
    vi.useRealTimers();
    // The trade screen's files were asked for already; the rest of the tabs' are added, none twice.
    expect(asked()).toEqual([...TRADE_FILES, ...TAB_FILES_AFTER_TRADE]);
    expect(window.tpFetchScreens?.('no such key')).toBe(false);
  });

  it.each([
    [true, ['prefetch', 'prefetch', 'prefetch', 'prefetch', 'prefetch', 'prefetch']],
    [false, ['modulepreload', 'modulepreload', 'modulepreload', 'preload', 'preload', 'preload']],
  ])('tab screens are prefetched (not compiled) where prefetch is known (%s), else modulepreloaded', (known, rels) => {
    const supports = vi.spyOn(DOMTokenList.prototype, 'supports').mockImplementation((token) => known && token === 'prefetch');
    vi.useFakeTimers();
    try {
      window.location.hash = '#/trade';
      new Function(preloadScript(screenFiles(bundle(), src)))();
      vi.runAllTimers();
      // The first screen's own files are needed now: modulepreload, compiled as they arrive.
      expect([...document.head.querySelectorAll('link')].map((l) => l.rel)).toEqual(['modulepreload', 'modulepreload', 'modulepreload', 'preload', 'preload', 'preload']);
      window.tpFetchScreens?.(TAB_SCREENS_KEY);
      vi.runAllTimers();
      const later = [...document.head.querySelectorAll('link')].slice(6);
      expect(later.map((l) => l.rel)).toEqual(rels);
      expect(later.map((l) => l.getAttribute('href'))).toEqual(TAB_FILES_AFTER_TRADE);
    } finally {
      vi.useRealTimers();
      supports.mockRestore();
    }
  });
});
