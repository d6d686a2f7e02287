import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import 'antd-mobile/es/global';
import './styles.css';
import { App } from './app/app';
import { bootstrap } from './app/bootstrap';
import { prefetchFirstScreenData } from './app/first-screen-data';
import { prefetchScreenTexts, preloadScreenChunk } from './app/lazy-screens';
import { createQueryClient } from './app/providers';
import { pathOfHash } from './app/routes';
import { useAuth } from './lib/auth-store';
import { currentLang } from './lib/i18n';
import { nextTask } from './lib/next-task';

const queryClient = createQueryClient();
const firstPath = pathOfHash(window.location.hash);

// The first screen's requests start in the task after the entry's evaluation, once the api client
// knows the session, in parallel with the screen's chunk, rather than one round trip after the chunk
// has arrived and rendered.
// Its texts (a feature's own namespace) too: i18next would ask for them only once it has started.
void bootstrap(() => {
  const lang = currentLang();
  prefetchFirstScreenData(queryClient, firstPath, useAuth.getState().token, lang);
  prefetchScreenTexts(firstPath, lang);
}).then(async () => {
  preloadScreenChunk(firstPath);
  // React's root and the first render start in a task of their own, after the texts'.
  await nextTask();
  // The first render is the largest piece of work at start-up. As a transition React renders it
  // in slices of a few milliseconds and lets the browser take a tap or a frame in between; in one
  // go it is a single task of 100-400 ms on a phone's CPU. The html's own first screen stays until
  // the render commits. A hash change landing between slices is caught up by the router
  // (CatchUpWithAddressBar in app/router.tsx).
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
});
