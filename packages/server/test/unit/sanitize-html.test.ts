import { describe, expect, it } from 'vitest';
import { diagramPreviewSvg, defaultDiagram } from '@linkloom/shared';
import { MarkupTooDeepError, sanitizeRichText, sanitizeSvg } from '../../src/platform/html/sanitize';

const LIMITS = { maxDepth: 64 };

describe('sanitizeRichText (strategy descriptions)', () => {
  it('keeps the editor\'s formatting', () => {
    const html = '<h2>Plan</h2><p class="ql-align-center">Build <strong>tier 1</strong>, <em>then</em> <u>tier 2</u> &amp; more</p><ol><li data-list="bullet">one</li></ol><p><a href="https://example.com/x?a=1&amp;b=2" target="_blank">link</a><br></p>';
    expect(sanitizeRichText(html, LIMITS)).toBe('<h2>Plan</h2><p class="ql-align-center">Build <strong>tier 1</strong>, <em>then</em> <u>tier 2</u> &amp; more</p><ol><li data-list="bullet">one</li></ol><p><a href="https://example.com/x?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">link</a><br></p>');
  });

  it('drops scripts, event handlers, javascript: links and foreign documents', () => {
    expect(sanitizeRichText('<p onclick="alert(1)">hi<script>alert(2)</script></p>', LIMITS)).toBe('<p>hi</p>');
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a><a href=" JaVaScRiPt:alert(1)">y</a>', LIMITS)).toBe('<a>x</a><a>y</a>');
    expect(sanitizeRichText('<img src=x onerror=alert(1)><img src="data:image/svg+xml;base64,PHN2Zz4=">', LIMITS)).toBe('<img><img>');
    expect(sanitizeRichText('<iframe src="https://evil.example"></iframe><style>*{}</style><svg><script>1</script></svg>ok', LIMITS)).toBe('ok');
    expect(sanitizeRichText('<p style="color: red; background-image: url(x)">c</p><p style="color:#ff0000">d</p>', LIMITS)).toBe('<p>c</p><p style="color:#ff0000">d</p>');
    expect(sanitizeRichText('<blink>text</blink><!-- note -->', LIMITS)).toBe('text');
    expect(sanitizeRichText('<p title="&quot;><script>">x</p>', LIMITS)).toBe('<p>x</p>');
  });

  it('escapes what it keeps and closes what the input left open', () => {
    expect(sanitizeRichText('<p>1 &lt; 2 <b>bold', LIMITS)).toBe('<p>1 &lt; 2 <b>bold</b></p>');
    expect(sanitizeRichText('<a href="https://e.example/&quot;onmouseover=x">l</a>', LIMITS)).toBe('<a href="https://e.example/&quot;onmouseover=x">l</a>');
  });
});

describe('sanitizeSvg (preview pictures)', () => {
  it('keeps a drawn diagram as it is', () => {
    const svg = diagramPreviewSvg(defaultDiagram());
    expect(sanitizeSvg(svg, LIMITS)).toBe(svg.replace(/\/>/g, (m) => m).replace(/<(rect|line)([^>]*)\/>/g, '<$1$2></$1>'));
  });

  it('drops scripts, handlers, foreign objects, external references and links', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)" viewBox="0 0 10 10"><script>alert(2)</script><foreignObject><div>x</div></foreignObject>'
      + '<image href="https://evil.example/t.png"/><a href="javascript:alert(3)"><rect width="1" height="1"/></a><rect fill="url(https://evil.example/#x)" stroke="url(#ok)" width="2" height="2"/>'
      + '<style>@import url(https://evil.example)</style><text x="1" y="2">A &amp; B</text></svg>';
    expect(sanitizeSvg(svg, LIMITS)).toBe('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect stroke="url(#ok)" width="2" height="2"></rect><text x="1" y="2">A &amp; B</text></svg>');
  });

  it('refuses what is not an SVG and keeps only the first picture', () => {
    expect(sanitizeSvg('<html><body>hi</body></html>', LIMITS)).toBeNull();
    expect(sanitizeSvg('not markup', LIMITS)).toBeNull();
    expect(sanitizeSvg('<?xml version="1.0"?><!DOCTYPE svg><svg viewBox="0 0 1 1"><g/></svg><svg><text>2</text></svg>trailing', LIMITS)).toBe('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><g></g></svg>');
  });

  it('stops at the first element past the depth limit, kept or dropped, in both modes', () => {
    const nested = (open: string, close: string, depth: number, inner = '') => `${open.repeat(depth)}${inner}${close.repeat(depth)}`;
    expect(sanitizeSvg(`<svg>${nested('<g>', '</g>', 63)}</svg>`, LIMITS)).toContain('<g><g>');
    expect(() => sanitizeSvg(`<svg>${nested('<g>', '</g>', 64)}</svg>`, LIMITS)).toThrow(MarkupTooDeepError);
    expect(() => sanitizeSvg(`<svg><script>${nested('<g>', '</g>', 100)}</script></svg>`, LIMITS)).toThrow(MarkupTooDeepError);
    expect(sanitizeRichText(nested('<b>', '</b>', 64, 'x'), LIMITS)).toBe(nested('<b>', '</b>', 64, 'x'));
    expect(() => sanitizeRichText(nested('<b>', '</b>', 65, 'x'), LIMITS)).toThrow(MarkupTooDeepError);
    // Unclosed elements nest too; void elements (closed by the parser) do not.
    expect(() => sanitizeRichText('<span>'.repeat(200), LIMITS)).toThrow(MarkupTooDeepError);
    expect(sanitizeRichText('<br>'.repeat(200), LIMITS)).toBe('<br>'.repeat(200));
  });
});
