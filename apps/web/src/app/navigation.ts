import type { NavigateFunction } from 'react-router';
import { loginPathFor } from '../lib/login-path';

/** Lets code outside React (the api client's 999 handling) navigate with the router. */
let navigateRef: NavigateFunction | null = null;
let pathRef = '/';

export function setNavigator(navigate: NavigateFunction, currentPath: string): void {
  navigateRef = navigate;
  pathRef = currentPath;
}

/** Go to /login keeping where the user was. */
export function goLogin(): void {
  // Before the router is up (a request started ahead of the first render) the hash is the path.
  const from = navigateRef ? pathRef : window.location.hash.replace(/^#/, '') || '/';
  if (from.startsWith('/login')) return;
  const target = loginPathFor(from);
  if (navigateRef) navigateRef(target, { replace: true });
  else window.location.hash = `#${target}`;
}
