/**
 * The side menu's collapsed flag as kept in localStorage: 'true' / 'false'; anything else (first
 * visit) means the spec's default, collapsed.
 */
export function parseCollapsedFlag(raw: string | null): boolean {
  return raw !== 'false';
}
