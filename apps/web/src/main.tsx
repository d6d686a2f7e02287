import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'antd-mobile/es/global';
import './styles.css';
import { App } from './app/app';
import { bootstrap } from './app/bootstrap';
import { prefetchFirstScreenData } from './app/first-screen-data';
import { preloadScreenChunk } from './app/lazy-screens';
import { createQueryClient } from './app/providers';
import { pathOfHash } from './app/routes';
import { useAuth } from './lib/auth-store';
import { currentLang } from './lib/i18n';

const queryClient = createQueryClient();
const firstPath = pathOfHash(window.location.hash);

// The first screen's requests start as soon as the api client knows the session, in parallel
// with its chunk, rather than one round trip after the chunk has arrived and rendered.
void bootstrap(() => prefetchFirstScreenData(queryClient, firstPath, useAuth.getState().token, currentLang())).then(() => {
  preloadScreenChunk(firstPath);
  // One synchronous first render, not a transition: rendered in slices, a hash change that lands
  // between two slices (a link, the back button) would be missed by the router, which starts
  // listening only when the render commits.
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
});
