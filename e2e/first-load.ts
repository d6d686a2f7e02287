import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

// What a browser fetches before the web app's first screen can render: every script that
// index.html loads (the entry module, deferred classic scripts) and every module it preloads,
// plus every chunk those import statically (Vite's manifest lists the static imports of each
// chunk; a dynamic import() is not followed, it is fetched when a route or feature needs it).
// Sizes are those of the brotli copies the build writes beside each file and the server sends.

export interface LoadedFile {
  file: string;
  raw: number;
  brotli: number;
  /** how the file is reached: 'script', 'modulepreload' or 'import of <file>' */
  via: string;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

function attr(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, 'i').exec(tag)?.[1];
}

function readManifest(dist: string): Record<string, ManifestChunk> {
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: build.manifest must be on`);
  return JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
}

/** The files reached from dist/index.html, each once, in the order found. */
export function firstLoadJs(dist: string): LoadedFile[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const manifest = readManifest(dist);
  const byFile = new Map<string, ManifestChunk>();
  for (const chunk of Object.values(manifest)) byFile.set(chunk.file, chunk);

  const found = new Map<string, string>();
  const queue: string[] = [];
  const add = (file: string, via: string): void => {
    if (found.has(file)) return;
    found.set(file, via);
    queue.push(file);
  };
  const local = (url: string): string | undefined => {
    if (/^[a-z]+:|^\/\//i.test(url)) return undefined;
    return posix.normalize(url.replace(/^\.?\//, ''));
  };
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, 'src');
    const file = src && local(src);
    if (file) add(file, 'script');
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (attr(tag, 'rel')?.toLowerCase() !== 'modulepreload') continue;
    const href = attr(tag, 'href');
    const file = href && local(href);
    if (file) add(file, 'modulepreload');
  }
  while (queue.length) {
    const file = queue.shift()!;
    for (const key of byFile.get(file)?.imports ?? []) {
      const imported = manifest[key];
      if (!imported) throw new Error(`manifest: ${file} imports ${key}, which the manifest does not have`);
      add(imported.file, `import of ${file}`);
    }
  }

  return [...found].map(([file, via]) => {
    const path = join(dist, file);
    if (!existsSync(path)) throw new Error(`index.html loads ${file}, which is not in ${dist}`);
    const raw = statSync(path).size;
    // The compression plugin skips a copy that would not be smaller; then the file goes as is.
    const brotli = existsSync(`${path}.br`)
      ? statSync(`${path}.br`).size
      : Math.min(raw, brotliCompressSync(readFileSync(path), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length);
    return { file, raw, brotli, via };
  });
}

/**
 * The script files a lazy chunk (`assets/<name>-<hash>.js`, a screen's code) brings beyond the
 * first load: itself and every chunk it imports statically that the first load has not fetched.
 */
export function laterJs(dist: string, name: string): string[] {
  const manifest = readManifest(dist);
  const start = Object.keys(manifest).filter((key) => new RegExp(`^assets/${name}-[\\w-]{8}\\.js$`).test(manifest[key]!.file));
  if (start.length !== 1) throw new Error(`${start.length} chunks named ${name} in the build`);
  const loaded = new Set(firstLoadJs(dist).map((f) => f.file));
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length) {
    const key = queue.shift()!;
    const chunk = manifest[key]!;
    if (seen.has(chunk.file) || loaded.has(chunk.file)) continue;
    seen.add(chunk.file);
    queue.push(...(chunk.imports ?? []));
  }
  return [...seen];
}

const kb = (bytes: number): string => (bytes / 1024).toFixed(1);

/** A table, largest brotli size first, and the total. */
export function table(files: LoadedFile[]): string {
  const rows = [...files].sort((a, b) => b.brotli - a.brotli);
  const width = Math.max(4, ...rows.map((r) => r.file.length));
  const line = (file: string, raw: string, br: string, via: string): string =>
    `${file.padEnd(width)}  ${raw.padStart(8)}  ${br.padStart(10)}  ${via}`;
  const total = { raw: rows.reduce((s, r) => s + r.raw, 0), brotli: rows.reduce((s, r) => s + r.brotli, 0) };
  return [
    line('file', 'raw KB', 'brotli KB', 'reached as'),
    ...rows.map((r) => line(r.file, kb(r.raw), kb(r.brotli), r.via)),
    line(`total (${rows.length} files)`, kb(total.raw), kb(total.brotli), ''),
  ].join('\n');
}
