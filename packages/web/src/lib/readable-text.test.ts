import { describe, expect, test } from 'vitest';
import { DIAGRAM_KIND_COLOURS } from '@linkloom/shared';
import { textOn } from './readable-text';

/** WCAG contrast of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => [0, 1, 2]
    .map((i) => parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
    .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
  const [light, dark] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('textOn (issue 39.2: node and stencil labels readable on every kind colour)', () => {
  test('white on dark kinds, black on light ones', () => {
    expect(textOn('#2d3748')).toBe('#ffffff');
    expect(textOn('#d69e2e')).toBe('#000000');
  });

  test.each(Object.entries(DIAGRAM_KIND_COLOURS))('%s (%s): the label reaches WCAG AA (4.5:1)', (_kind, colour) => {
    expect(contrast(textOn(colour), colour)).toBeGreaterThanOrEqual(4.5);
  });
});
