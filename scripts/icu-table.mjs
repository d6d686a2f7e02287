// What the scripts that write tables from Node's ICU (compact-number-patterns.mjs,
// chart-time-patterns.mjs) share: the interface languages' locales and how a table is written
// as a TypeScript object literal.

/** The interface languages' locales (LANG_BCP47 in packages/contracts/src/languages.ts). */
export const LOCALES = ['zh-HK', 'en', 'ja', 'ko', 'th', 'vi', 'fr', 'de', 'ru', 'es', 'pt', 'ar', 'it', 'tr', 'id', 'ms', 'hi', 'cs'];

/**
 * `table` as a TypeScript object literal: JSON, made shorter by `compact` (a table's own arrays on
 * one line), with plain keys unquoted, other keys single-quoted, and invisible marks (no-break
 * spaces, direction marks) written as escapes, to be seen.
 */
export function tsLiteral(table, compact = (json) => json) {
  return compact(JSON.stringify(table, null, 2))
    .replace(/"([a-zA-Z]+)": /g, '$1: ')
    .replace(/"([a-zA-Z-]+)": /g, "'$1': ")
    .replace(/[\u00a0\u200e\u200f\u202f\u061c]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
