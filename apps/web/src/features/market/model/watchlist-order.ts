/** The symbols with the starred ones first, each part in the list's own order. */
export function starredFirst<T extends { Id: number }>(symbols: readonly T[], starred: ReadonlySet<number>): readonly T[] {
  if (starred.size === 0) return symbols;
  const first: T[] = [];
  const rest: T[] = [];
  for (const s of symbols) (starred.has(s.Id) ? first : rest).push(s);
  return first.length === 0 ? symbols : [...first, ...rest];
}

/** Upper case without spaces and slashes: "eur/usd", "EUR USD" and "eurusd" all read EURUSD. */
function compact(text: string): string {
  return text.toUpperCase().replace(/[\s/]+/g, '');
}

/** The symbols whose code or name contains the typed text (case, spaces and slashes aside). */
export function matchingSymbols<T extends { Code: string; ShowCode: string }>(symbols: readonly T[], typed: string): readonly T[] {
  const needle = compact(typed);
  if (needle === '') return symbols;
  return symbols.filter((s) => compact(s.Code).includes(needle) || compact(s.ShowCode).includes(needle));
}
