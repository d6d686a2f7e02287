import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The README and the pages under docs/ link to each other, to source files, to benchmark results
// and to headings. A page renamed, a heading reworded or a result file not written yet breaks a
// link silently on the page; here it fails the tests instead.

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The pages checked: README.md and every docs/*.md. */
function pages(): string[] {
  const docs = readdirSync(path.join(REPO, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => path.join(REPO, 'docs', f));
  return [path.join(REPO, 'README.md'), ...docs];
}

/** Markdown without fenced code blocks and inline code, where a `[x](y)` is text, not a link. */
function withoutCode(markdown: string): string {
  return markdown.replace(/^ {0,3}(```|~~~)[^\n]*\n[\s\S]*?^ {0,3}\1[^\n]*$/gm, '').replace(/(`+)[^`\n]*?\1/g, '');
}

/** Every link target of a page: Markdown links and images, reference definitions, HTML src and href. */
function linkTargets(markdown: string): string[] {
  const text = withoutCode(markdown);
  const targets: string[] = [];
  for (const m of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(m[1]!);
  for (const m of text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)) targets.push(m[1]!);
  for (const m of text.matchAll(/\b(?:src|href)\s*=\s*"([^"]*)"/g)) targets.push(m[1]!);
  return targets;
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens. */
function headingSlug(heading: string): string {
  const shown = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link shows its text
    .replace(/`/g, '')
    .replace(/(\*\*|__|\*)/g, '')
    .replace(/<[^>]+>/g, '')
    .trim()
    .toLowerCase();
  return shown.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** The anchors of a page: its headings (repeats numbered as GitHub does) and explicit ids. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const m of withoutFences(markdown).matchAll(/^ {0,3}#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = headingSlug(m[1]!);
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  for (const m of markdown.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(m[1]!);
  return anchors;
}

function withoutFences(markdown: string): string {
  return markdown.replace(/^ {0,3}(```|~~~)[^\n]*\n[\s\S]*?^ {0,3}\1[^\n]*$/gm, '');
}

/** What is wrong with the relative links of `file` (whose text is `markdown`): one line each. */
function brokenLinks(file: string, markdown: string, read: (f: string) => string | undefined = readPage): string[] {
  const problems: string[] = [];
  for (const target of linkTargets(markdown)) {
    // Absolute URLs (https:, mailto:) and protocol-relative ones are not the repository's to check.
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
    const hash = target.indexOf('#');
    const rawPath = hash === -1 ? target : target.slice(0, hash);
    const anchor = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1));
    const samePage = rawPath === '';
    const resolved = samePage ? file : path.resolve(path.dirname(file), decodeURIComponent(rawPath));
    const where = `${path.relative(REPO, file)}: ${target}`;
    if (!samePage && !existsSync(resolved)) {
      problems.push(`${where} - no such file`);
      continue;
    }
    if (anchor === undefined || anchor === '') continue;
    if (!resolved.endsWith('.md') || (!samePage && statSync(resolved).isDirectory())) {
      problems.push(`${where} - an anchor on a page that is not Markdown`);
      continue;
    }
    const page = samePage ? markdown : read(resolved);
    if (page === undefined || !anchorsOf(page).has(anchor)) problems.push(`${where} - no heading #${anchor}`);
  }
  return problems;
}

function readPage(file: string): string | undefined {
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

describe('documentation links', () => {
  it('every relative link of README.md and docs/*.md names a file that exists, and a heading that exists', () => {
    const problems = pages().flatMap((file) => brokenLinks(file, readFileSync(file, 'utf8')));
    expect(problems).toEqual([]);
  });

  it('finds a missing file, a missing heading and a heading of another page', () => {
    const file = path.join(REPO, 'docs', 'example.md');
    const other = path.join(REPO, 'docs', 'other.md');
    const read = (f: string) => (f === other ? '# Other page\n\n## Its `second` part (HTTP/2)\n' : undefined);
    const page = [
      '# Example',
      '',
      '## A part',
      '',
      '[fine](#a-part) [the title](#example) [gone](missing-page.md) [no such heading](#nowhere)',
      '[README](../README.md) [web](https://example.com/x.md) `[in code](nowhere.md)`',
      '<img src="images/none.png" alt="">',
      '',
      '```',
      '[in a fence](also-nowhere.md)',
      '```',
    ].join('\n');
    expect(brokenLinks(file, page, read)).toEqual([
      'docs/example.md: missing-page.md - no such file',
      'docs/example.md: #nowhere - no heading #nowhere',
      'docs/example.md: images/none.png - no such file',
    ]);
    // docs/other.md does not exist on disk: this checks the anchor logic alone.
    expect(anchorsOf(read(other)!)).toEqual(new Set(['other-page', 'its-second-part-http2']));
  });

  it('numbers repeated headings as GitHub does', () => {
    expect(anchorsOf('# Notes\n\n## Notes\n\n### Notes\n')).toEqual(new Set(['notes', 'notes-1', 'notes-2']));
  });
});
