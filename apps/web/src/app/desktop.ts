/**
 * A desktop browser: a wide window, a mouse-like main pointer and no phone or tablet user agent.
 * It sees the phone layout centred at phone width (styles.css, `html.tp-desktop`) and the
 * desktop-site link when `pc_url` is set (spec section 9: desktop browsers get a pc-subdomain link).
 */
export function isDesktop(width: number, userAgent: string, finePointer: boolean): boolean {
  return finePointer && width >= 900 && !/Mobi|Android|iPhone|iPad|iPod/i.test(userAgent);
}

/** The same question of this browser now (no matchMedia, as in a test's fake DOM: not a desktop). */
export function isDesktopBrowser(): boolean {
  const fine = typeof window.matchMedia === 'function' && window.matchMedia('(pointer: fine)').matches;
  return isDesktop(window.innerWidth, navigator.userAgent, fine);
}
