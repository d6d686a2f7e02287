/** Small browser effects kept in one place so tests can replace them. */

/** Set a cookie on this site for `maxAgeS` seconds. */
export function setCookie(name: string, value: string, maxAgeS: number): void {
  const expires = new Date(Date.now() + maxAgeS * 1000).toUTCString();
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; max-age=${maxAgeS}; expires=${expires}; path=/; SameSite=Lax`;
}

/** Leave the app for another page (same tab). */
export function openUrl(url: string): void {
  window.location.assign(url);
}
