/**
 * Dotted-version comparison and the update banner rule (spec 1, section 2): the banner shows when
 * the configured latest version is newer than the running one, and is hidden when that value is an
 * unreplaced template such as `%LINKLOOM_LATEST_VERSION%`, `{{latestVersion}}` or `${latest}`.
 */

/** Splits "v1.2.10" or "1.2.10" into [1, 2, 10]; returns null for anything that is not dotted numbers. */
export function parseVersion(value: string): number[] | null {
  const trimmed = value.trim().replace(/^v/i, '');
  if (!/^\d+(\.\d+)*$/.test(trimmed)) return null;
  return trimmed.split('.').map(Number);
}

/** Compares dotted versions numerically: negative if a < b, 0 if equal (missing parts are 0), positive if a > b. */
export function compareVersions(a: string, b: string): number {
  const left = parseVersion(a);
  const right = parseVersion(b);
  if (!left || !right) throw new Error(`Not a dotted version: ${left ? b : a}`);
  const length = Math.max(left.length, right.length);
  for (let i = 0; i < length; i += 1) {
    const diff = (left[i] ?? 0) - (right[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

const TEMPLATE_PATTERNS = [/%[^%]*%/, /\{\{.*\}\}/, /\$\{.*\}/, /<%.*%>/];

/** True when a configured value was never substituted (it still looks like a template placeholder). */
export function isUnreplacedTemplate(value: string): boolean {
  return TEMPLATE_PATTERNS.some((pattern) => pattern.test(value));
}

/** The banner text, or null when no banner is due. */
export function updateBannerText(current: string, latest: string | null | undefined): string | null {
  if (!latest || isUnreplacedTemplate(latest)) return null;
  if (!parseVersion(latest) || !parseVersion(current)) return null;
  if (compareVersions(latest, current) <= 0) return null;
  const plain = (v: string) => v.trim().replace(/^v/i, '');
  return `Your current version is: v${plain(current)}. There is a new version: v${plain(latest)}. Please update ASAP.`;
}
