import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy*/waitFor wait for what a screen shows after its (mocked) answers: 1 s by default, which a
// loaded 2-core machine outlasts while rendering; the assertion is the same, only the patience longer.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
