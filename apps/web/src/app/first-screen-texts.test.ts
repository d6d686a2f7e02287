import { describe, expect, it } from 'vitest';
import { i18next, initI18n, textsRequested } from '../lib/i18n';
import { prefetchScreenTexts, screenTexts } from './lazy-screens';

describe("the first screen's texts", () => {
  it('are the namespaces of the screen chunks a path opens with', () => {
    expect(screenTexts('/mining')).toEqual(['mining']);
    expect(screenTexts('/loan')).toEqual(['loans']);
    expect(screenTexts('/follow')).toEqual(['follow']);
    // Screens whose texts are in the bundled common namespace ask for nothing more.
    expect(screenTexts('/trade')).toEqual([]);
    expect(screenTexts('/no-such-screen')).toEqual([]);
  });

  it('are asked for in the language and in English before i18next has started, and i18next then has them', async () => {
    expect(i18next.isInitialized).toBeFalsy();
    expect(textsRequested('fr', 'mining')).toBe(false);
    prefetchScreenTexts('/mining', 'fr');
    expect(textsRequested('fr', 'mining')).toBe(true);
    expect(textsRequested('en', 'mining')).toBe(true);
    expect(textsRequested('fr', 'loans')).toBe(false);

    await initI18n('fr');
    await i18next.loadNamespaces('mining');
    expect(i18next.hasResourceBundle('fr', 'mining')).toBe(true);
    expect(i18next.t('subscribe', { ns: 'mining' })).not.toBe('subscribe');
  });
});
