/** A bench's figures over its rounds: the least, the median (the upper middle of an even count) and the most. */
export interface MinMedianMax {
  min: number;
  median: number;
  max: number;
}

export function minMedianMax(values: readonly number[]): MinMedianMax {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0] ?? Number.NaN, median: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN, max: sorted[sorted.length - 1] ?? Number.NaN };
}

/** `min / median / max`, each written by `format`. */
export function minMedianMaxText(values: readonly number[], format: (value: number) => string): string {
  const { min, median, max } = minMedianMax(values);
  return `${format(min)} / ${format(median)} / ${format(max)}`;
}
