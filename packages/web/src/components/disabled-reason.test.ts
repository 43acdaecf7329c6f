import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { ExplainedButton } from './disabled-reason';

const render = (props: Parameters<typeof ExplainedButton>[0]) => renderToStaticMarkup(createElement(ExplainedButton, props, 'Delete'));

/** The reason a rendered control is described by: the text of the element its aria-describedby names. */
function description(html: string, tag: 'button' | 'span'): string | null {
  const describedBy = new RegExp(`<${tag}[^>]*aria-describedby="([^"]+)"`).exec(html)?.[1];
  if (!describedBy) return null;
  return new RegExp(`<span id="${describedBy.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" hidden="">([^<]*)</span>`).exec(html)?.[1] ?? null;
}

describe('ExplainedButton (issue 39.2: a disabled control says why)', () => {
  test('with a reason: disabled, described by the reason, and its wrapper is focusable and carries it for the tooltip', () => {
    const html = render({ disabledReason: 'Select one or more rows to delete' });
    expect(html).toMatch(/<button[^>]*disabled=""/);
    expect(description(html, 'button')).toBe('Select one or more rows to delete');
    expect(description(html, 'span')).toBe('Select one or more rows to delete');
    expect(html).toMatch(/<span[^>]*tabindex="0"[^>]*data-disabled-reason="Select one or more rows to delete"/);
    // The button lets the pointer through to the wrapper, which shows the tooltip.
    expect(html).toMatch(/<button[^>]*style="[^"]*pointer-events:none/);
  });

  test('without a reason: enabled, no description, the wrapper is not a tab stop', () => {
    const html = render({ disabledReason: null });
    expect(html).not.toMatch(/<button[^>]*disabled=""/);
    expect(html).not.toContain('aria-describedby');
    expect(html).not.toContain('tabindex');
    expect(html).not.toContain('data-disabled-reason');
  });

  test('loading: spins but is not disabled, and has nothing to explain', () => {
    const html = render({ disabledReason: null, loading: true });
    expect(html).not.toMatch(/<button[^>]*disabled=""/);
    expect(html).not.toContain('aria-describedby');
  });
});
