import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { HashRouter, Route, Routes, useLocation } from 'react-router';
import { CatchUpWithAddressBar } from './router';

/**
 * Stands for a hash change landing while the first render is still in slices: the address bar
 * moves after HashRouter has read it and before it listens. replaceState fires no event, as an
 * event fired before the router listened is lost to it.
 */
function AddressMovesDuringFirstRender({ to }: { to: string }) {
  const moved = useRef(false);
  if (!moved.current) {
    moved.current = true;
    window.history.replaceState(null, '', to);
  }
  return null;
}

function Where() {
  const location = useLocation();
  return (
    <p data-testid="where" data-key={location.key}>
      {location.pathname + location.search}
    </p>
  );
}

function app(catchUp: boolean) {
  return (
    <HashRouter>
      <AddressMovesDuringFirstRender to="#/b?x=1" />
      {catchUp ? <CatchUpWithAddressBar /> : null}
      <Routes>
        <Route path="/a" element={<Where />} />
        <Route path="/b" element={<Where />} />
      </Routes>
    </HashRouter>
  );
}

describe('the router after a first render in slices', () => {
  afterEach(() => window.history.replaceState(null, '', '#/'));

  it('without catching up, stays on the path it read first (the case it exists for)', async () => {
    window.history.replaceState(null, '', '#/a');
    await act(async () => {
      render(app(false));
    });
    expect(screen.getByTestId('where').textContent).toBe('/a');
  });

  it('moves to the address bar when it changed before the router listened', async () => {
    window.history.replaceState(null, '', '#/a');
    await act(async () => {
      render(app(true));
    });
    expect(screen.getByTestId('where').textContent).toBe('/b?x=1');
    expect(window.location.hash).toBe('#/b?x=1');
  });

  it('leaves an unchanged address alone: no extra navigation', async () => {
    window.history.replaceState(null, '', '#/a');
    await act(async () => {
      render(
        <HashRouter>
          <CatchUpWithAddressBar />
          <Routes>
            <Route path="/a" element={<Where />} />
          </Routes>
        </HashRouter>,
      );
    });
    expect(screen.getByTestId('where').textContent).toBe('/a');
    // The entry the router read at start keeps its key: a navigation (even a replace) makes a new one.
    expect(screen.getByTestId('where').dataset.key).toBe('default');
  });
});
