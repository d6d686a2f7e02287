/** Where a visitor signs in, keeping the path (with its query) to return to afterwards. */
export function loginPathFor(from: string): string {
  return `/login?from=${encodeURIComponent(from)}`;
}
