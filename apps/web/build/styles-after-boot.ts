import type { Plugin } from 'vite';

/*
 * The html paints its own first screen (the app mark in #root, styled inline). Vite puts the app's
 * stylesheets in <head>, where every one of them blocks that paint until it has arrived: on a
 * phone's network the mark then shows no sooner than the app itself. Moved into <body> right after
 * #root, the stylesheets still load at once (the preload scanner finds them) and still hold back
 * the scripts - a module script never runs before the stylesheets above it are in, so React's first
 * render is styled - but the mark above them paints as soon as the html is parsed.
 */
const STYLESHEET = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;
const ROOT_END = '<!-- #root end -->';

export function stylesAfterBoot(): Plugin {
  return {
    name: 'tp-styles-after-boot',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!html.includes(ROOT_END)) throw new Error(`index.html has no ${ROOT_END} marker: the stylesheets would stay render-blocking`);
        const sheets = html.match(STYLESHEET) ?? [];
        const rest = html.replace(STYLESHEET, '');
        return rest.replace(ROOT_END, sheets.map((s) => s.trim()).join('\n    '));
      },
    },
  };
}
