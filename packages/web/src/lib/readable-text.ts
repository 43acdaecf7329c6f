/**
 * Text colours that stay readable on a coloured fill (issue 39.2: WCAG AA contrast), for the
 * diagram nodes and the designer's stencil, whose fills are the kinds' colours.
 */

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/**
 * The text colour for a label on a kind's colour (issue 39.2): white or black, whichever contrasts
 * more, so the node and stencil labels stay readable on the light kinds (Bookmarking's gold).
 */
export function textOn(colour: string): '#ffffff' | '#000000' {
  const fill = luminance(colour);
  return 1.05 / (fill + 0.05) >= (fill + 0.05) / 0.05 ? '#ffffff' : '#000000';
}
