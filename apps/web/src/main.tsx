import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import 'antd-mobile/es/global';
import './styles.css';
import { App } from './app/app';
import { bootstrap } from './app/bootstrap';
import { preloadFirstScreen } from './app/tab-pages';

void bootstrap().then(() => {
  preloadFirstScreen(window.location.hash);
  const root = createRoot(document.getElementById('root')!);
  // The first render is the largest piece of work at start-up. As a transition React renders it in
  // slices and lets the browser take a tap or a frame in between; rendered in one go it would be a
  // single long task that holds the page unresponsive on a phone's CPU. The html's own first
  // screen stays until the app commits.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
