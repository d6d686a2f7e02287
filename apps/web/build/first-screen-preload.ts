import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;
import { FIRST_SCREEN_CHUNKS, TAB_SCREEN_CHUNKS, TAB_SCREENS_KEY } from '../src/app/first-screen-chunks';

/*
 * The screen a phone opens on (a tab, a link, a reload) needs its own code besides the entry
 * file, but left to the app it asks for that code only when the entry has arrived and run: on a
 * slow network one whole entry download later. This adds a tiny script to index.html, run as soon
 * as it arrives (async), that reads the path from the address and asks for that screen's files
 * (src/app/first-screen-chunks.ts says which; here their chunks, the chunks they import and their
 * stylesheets, less what the first load already has) with <link rel=modulepreload> / preload, so
 * they download beside the entry. The app's own import() then finds them fetched. The script is a
 * hashed file like every other asset (the html policy allows no inline script).
 */

interface ScreenFiles {
  js: string[];
  css: string[];
}

/** Each path's files, from the bundle: the chunks of its modules and their static imports, less the entry's. */
export function screenFiles(bundle: OutputBundle, srcDir: string): Record<string, ScreenFiles> {
  const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (start: string[]): string[] => {
    const seen = new Set<string>();
    const queue = [...start];
    while (queue.length) {
      const file = queue.shift()!;
      if (seen.has(file)) continue;
      seen.add(file);
      queue.push(...(byFile.get(file)?.imports ?? []));
    }
    return [...seen];
  };
  const initial = new Set(closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName)));
  const cssOf = (file: string) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])];
  const initialCss = new Set([...initial].flatMap(cssOf));
  const files: Record<string, ScreenFiles> = {};
  const lists: [string, readonly string[]][] = [...Object.entries(FIRST_SCREEN_CHUNKS), [TAB_SCREENS_KEY, TAB_SCREEN_CHUNKS]];
  for (const [route, modules] of lists) {
    const start = modules.map((m) => {
      const chunk = chunks.find((c) => c.facadeModuleId && c.facadeModuleId.replace(/\.tsx?$/, '') === path.join(srcDir, m));
      if (!chunk) throw new Error(`first-screen preload: no chunk of src/${m} (named for ${route}) in the build`);
      return chunk.fileName;
    });
    const js = closure(start).filter((f) => !initial.has(f));
    files[route] = { js, css: [...new Set(js.flatMap(cssOf))].filter((f) => !initialCss.has(f)) };
  }
  return files;
}

/**
 * The script: the address's path as the router reads it (routes.ts pathOfHash), then its files.
 * It also leaves `window.tpFetchScreens(key)`, which asks for the files listed under `key`, into
 * the HTTP cache, one file per task: the app fetches the tab screens' code with it once the
 * first screen has settled, without compiling or running that code until a tab is opened.
 */
export function preloadScript(files: Record<string, ScreenFiles>): string {
  return `(function () {
  var files = ${JSON.stringify(files)};
  var asked = {};
  function hint(href, rel, as) {
    if (asked[href]) return;
    asked[href] = true;
    var link = document.createElement('link');
    link.rel = rel;
    if (as) link.setAttribute('as', as);
    link.crossOrigin = '';
    link.href = './' + href;
    document.head.appendChild(link);
  }
  // Asks for the files of a queue, the first one now and the rest one per task (\`later\` queues
  // the next task): asking for a file costs the main thread 1-5 ms, more in a page that has just
  // started, and the 20 files of the trade screen asked for at once were a task of 25-115 ms here.
  // A screen's files as [file, rel, as]: its code asked for as \`js\`, its stylesheets as \`css\`.
  function queueOf(screen, js, css) {
    return screen.js.map(function (f) { return [f, js]; })
      .concat(screen.css.map(function (f) { return [f, css, 'style']; }));
  }
  function drain(queue, later) {
    (function next() {
      var file;
      do file = queue.shift(); while (file && asked[file[0]]);
      if (!file) return;
      hint(file[0], file[1], file[2]);
      later(next);
    })();
  }
  // The first screen's files are needed as soon as the entry has run: where the browser has a task
  // scheduler their tasks go first (user-blocking), before the entry's evaluation, else next.
  function soon(fn) {
    var s = window.scheduler;
    if (s && typeof s.postTask === 'function') s.postTask(fn, { priority: 'user-blocking' });
    else setTimeout(fn, 0);
  }
  function fetchFiles(screen) {
    if (!screen) return false;
    drain(queueOf(screen, 'modulepreload', 'preload'), soon);
    return true;
  }
  // Files for later (the tab screens): prefetched into the HTTP cache, where the browser can. A
  // modulepreload also compiles its module on the main thread as it arrives (3-30 ms a file here),
  // work the page pays while it is still loading for screens the user may never open; a tab's
  // import() compiles its code from the cache when it is opened. Where prefetch is missing
  // (Safari), modulepreload. One file per task either way, not a dozen in one long task.
  var rels = document.createElement('link').relList;
  var prefetch = !!(rels && rels.supports && rels.supports('prefetch'));
  window.tpFetchScreens = function (key) {
    var screen = files[key];
    if (!screen) return false;
    drain(queueOf(screen, prefetch ? 'prefetch' : 'modulepreload', prefetch ? 'prefetch' : 'preload'), function (fn) { setTimeout(fn, 0); });
    return true;
  };
  var path = location.hash.replace(/^#/, '').split('?')[0].replace(/(.)\\/+$/, '$1') || '/';
  fetchFiles(files[path]);
})();
`;
}

export function firstScreenPreload(): Plugin {
  let srcDir = '';
  return {
    name: 'tp-first-screen-preload',
    apply: 'build',
    // after the html is written (vite:build-html) and before the manifest and the compressed
    // copies are made (the compression runs with vite:manifest), so both include the script
    enforce: 'post',
    configResolved(config) {
      srcDir = path.join(config.root, 'src');
    },
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset' || typeof html.source !== 'string') throw new Error('first-screen preload: index.html is not in the bundle');
      const ref = this.emitFile({ type: 'asset', name: 'first-screen.js', source: preloadScript(screenFiles(bundle, srcDir)) });
      const tag = `<script async src="./${this.getFileName(ref)}"></script>`;
      if (!html.source.includes('</title>')) throw new Error('first-screen preload: index.html has no </title>');
      html.source = html.source.replace('</title>', `</title>\n    ${tag}`);
    },
  };
}
