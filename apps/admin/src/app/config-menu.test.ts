import { describe, expect, it } from 'vitest';
import { pagesFor } from './pages';

describe('the configuration page in the registry', () => {
  it('is in the menu of the admin role only (the server refuses the others anyway)', () => {
    expect(pagesFor('admin').map((p) => p.path)).toContain('config');
    expect(pagesFor('reviewer').map((p) => p.path)).not.toContain('config');
    expect(pagesFor('support').map((p) => p.path)).not.toContain('config');
  });
});
