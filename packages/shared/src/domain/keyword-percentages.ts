/**
 * The anchor percentages of a link set's keywords (spec 1 §5, spec 2 §5 "Wizard, links and
 * keywords"): the spec's five, and the link's own anchor (issue 34 item 5) — for a tier's output
 * link set, the target post's title — so a lower tier's mix can hold titles as one kind among the
 * others. They always total 100. Primary is read-only: it absorbs what the others give up and is
 * the first to pay for what they take.
 */
export const KEYWORD_PERCENTAGE_TYPES = ['primary', 'secondary', 'branded', 'generic', 'nakedUrl', 'linkAnchor'] as const;
export type KeywordPercentageType = (typeof KEYWORD_PERCENTAGE_TYPES)[number];
/** The ones a user may change (primary is read-only). */
export type EditablePercentageType = Exclude<KeywordPercentageType, 'primary'>;

export type KeywordPercentages = Record<KeywordPercentageType, number>;

export const PERCENTAGE_TOTAL = 100;

/** A new link set: every anchor is the primary keyword. */
export const DEFAULT_KEYWORD_PERCENTAGES: KeywordPercentages = { primary: 100, secondary: 0, branded: 0, generic: 0, nakedUrl: 0, linkAnchor: 0 };

/**
 * Where an increase is taken from, in order. The spec fixes the order for secondary, generic and
 * naked URL: primary first, then generic, then naked URL. Branded follows the same rule (spec 2:
 * "Changing one redistributes the difference from the others in order") — it is an editable
 * percentage like the other three, so it pays primary first as well; so does the link's own anchor,
 * which pays after naked URL. When primary, generic, naked URL and the own anchor together cannot
 * pay (only possible if secondary/branded hold the rest), the remaining editable ones pay in their
 * field order, so the total stays 100 and nothing goes below 0.
 */
const TAKE_ORDER: readonly KeywordPercentageType[] = ['primary', 'generic', 'nakedUrl', 'linkAnchor', 'secondary', 'branded'];

/** Clamps a typed value to a whole number from 0 to 100 (empty or not a number counts as 0). */
export function clampPercentage(value: number | null | undefined): number {
  if (value === null || value === undefined || !Number.isFinite(value)) return 0;
  return Math.min(PERCENTAGE_TOTAL, Math.max(0, Math.round(value)));
}

/** Sum of the percentages. */
export function totalPercentage(values: KeywordPercentages): number {
  return KEYWORD_PERCENTAGE_TYPES.reduce((sum, type) => sum + values[type], 0);
}

/** True when every percentage is a whole number from 0 to 100 and they total exactly 100. */
export function isBalanced(values: KeywordPercentages): boolean {
  return KEYWORD_PERCENTAGE_TYPES.every((type) => Number.isInteger(values[type]) && values[type] >= 0 && values[type] <= PERCENTAGE_TOTAL)
    && totalPercentage(values) === PERCENTAGE_TOTAL;
}

/**
 * The percentages after the user sets `changed` to `value`. The value is clamped to 0–100 first.
 * An increase is taken from the others in TAKE_ORDER (primary first, each down to 0 at most); a
 * decrease is given back to primary. Expects balanced input (see `isBalanced`); the answer is
 * balanced again.
 */
export function redistributePercentages(current: KeywordPercentages, changed: EditablePercentageType, value: number | null | undefined): KeywordPercentages {
  const next: KeywordPercentages = { ...current };
  const wanted = clampPercentage(value);
  const difference = wanted - current[changed];
  next[changed] = wanted;
  if (difference <= 0) {
    // What the changed one gives up goes to primary, which cannot pass 100 while the total is 100.
    next.primary = Math.min(PERCENTAGE_TOTAL, next.primary - difference);
    return next;
  }
  let owed = difference;
  for (const type of TAKE_ORDER) {
    if (owed === 0) break;
    if (type === changed) continue;
    const taken = Math.min(next[type], owed);
    next[type] -= taken;
    owed -= taken;
  }
  // Only unbalanced input can leave something owed: the change is cut to what the others could pay.
  next[changed] -= owed;
  return next;
}
