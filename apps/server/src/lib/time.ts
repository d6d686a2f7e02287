/** Date-times on the wire: `YYYY-MM-DD HH:mm:ss` in UTC. */
export function wireDateTime(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** [start, end) of the UTC day containing `now`. */
export function utcDay(now: Date): { from: Date; to: Date } {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return { from, to: new Date(from.getTime() + 24 * 3600 * 1000) };
}
