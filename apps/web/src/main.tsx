import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'antd-mobile/es/global';
import './styles.css';
import { App } from './app/app';
import { bootstrap } from './app/bootstrap';
import { preloadFirstScreen } from './app/tab-pages';

void bootstrap().then(() => {
  preloadFirstScreen(window.location.hash);
  // One synchronous first render, not a transition: rendered in slices, a hash change that lands
  // between two slices (a link, the back button) would be missed by the router, which starts
  // listening only when the render commits.
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
