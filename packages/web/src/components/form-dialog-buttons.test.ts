import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { formDialogButtons } from './form-dialog-buttons';

const close = () => undefined;
const OkBtn = () => createElement('button', { type: 'submit' }, 'OK');
const CancelBtn = () => createElement('button', null, 'built-in Cancel');

/** The footer the dialog shows, as HTML. */
function footerHtml(busy: boolean): string {
  const { footer } = formDialogButtons({ okText: 'Import', busy, onCancel: close, okTestId: 'links-import-ok' });
  if (typeof footer !== 'function') throw new Error('the footer is not drawn from the Modal\'s buttons');
  return renderToStaticMarkup(createElement('div', null, footer(null as ReactNode, { OkBtn, CancelBtn })));
}

describe('formDialogButtons (issue 39.2: a busy dialog\'s Cancel says why it is off)', () => {
  test('idle: Cancel is on, with the OK button beside it; Escape and the close icon close', () => {
    const buttons = formDialogButtons({ okText: 'Import', busy: false, onCancel: close, okTestId: 'links-import-ok' });
    expect(buttons.onCancel).toBe(close);
    expect(buttons.okButtonProps).toMatchObject({ htmlType: 'submit', loading: false, 'data-testid': 'links-import-ok' });
    const html = footerHtml(false);
    expect(html).toMatch(/<button[^>]*data-testid="links-import-cancel"[^>]*>/);
    expect(html).not.toMatch(/<button[^>]*disabled=""[^>]*data-testid="links-import-cancel"/);
    expect(html).toContain('>OK</button>');
    expect(html).not.toContain('built-in Cancel');
  });

  test('busy: OK spins, Cancel is off and says what it waits for, Escape does nothing', () => {
    const buttons = formDialogButtons({ okText: 'Import', busy: true, onCancel: close, okTestId: 'links-import-ok' });
    expect(buttons.onCancel).toBeUndefined();
    expect(buttons.okButtonProps).toMatchObject({ loading: true });
    const html = footerHtml(true);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*data-testid="links-import-cancel"|<button[^>]*data-testid="links-import-cancel"[^>]*disabled=""/);
    expect(html).toContain('data-disabled-reason="Wait for Import to finish"');
  });
});
