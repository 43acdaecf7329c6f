import { afterEach, describe, expect, it } from 'vitest';
import { DONE_TEXTS, countOf, summarise, toastFailure } from './action-feedback';
import { setAppFeedback } from './app-feedback';
import { failHttp } from './http';

describe('countOf', () => {
  it('writes one, many and none', () => {
    expect(countOf(1, 'link')).toBe('1 link');
    expect(countOf(4, 'link')).toBe('4 links');
    expect(countOf(0, 'link')).toBe('No links');
    expect(countOf(2, { one: 'private site', many: 'private sites' })).toBe('2 private sites');
    expect(countOf(1, { one: 'entry', many: 'entries' })).toBe('1 entry');
  });
});

describe('summarise', () => {
  it('says what happened with counts, leaving out what did not happen after the first part', () => {
    const parts = (added: number, refused: number, duplicates: number) => [
      { count: added, noun: 'link', verb: 'added' },
      { count: refused, noun: 'line', verb: 'refused' },
      { count: duplicates, noun: 'duplicate', verb: 'skipped' },
    ];
    expect(summarise(parts(4, 1, 0))).toBe('4 links added, 1 line refused');
    expect(summarise(parts(4, 0, 0))).toBe('4 links added');
    expect(summarise(parts(0, 2, 3))).toBe('No links added, 2 lines refused, 3 duplicates skipped');
    expect(summarise(parts(1, 0, 1))).toBe('1 link added, 1 duplicate skipped');
  });
});

describe('DONE_TEXTS', () => {
  it('names the thing and what happened to it', () => {
    expect(DONE_TEXTS.created('Campaign', 'Spring')).toBe('Campaign "Spring" created');
    expect(DONE_TEXTS.renamed('Link set', 'B')).toBe('Link set renamed to "B"');
    expect(DONE_TEXTS.deleted(3, 'campaign')).toBe('3 campaigns deleted');
    expect(DONE_TEXTS.deleted(1, 'campaign')).toBe('1 campaign deleted');
  });
});

describe('toastFailure', () => {
  /** Records what would be shown: notifications by key (antd replaces one of the same key in place) and messages. */
  function recorder() {
    const notifications = new Map<string, { title: unknown; description: unknown }>();
    const messages: unknown[] = [];
    const record = (args: { key?: string; title?: unknown; description?: unknown }) => void notifications.set(args.key ?? String(notifications.size), { title: args.title, description: args.description });
    setAppFeedback({
      message: { error: (args: unknown) => void messages.push(args) },
      notification: { error: record },
    } as unknown as Parameters<typeof setAppFeedback>[0]);
    return { notifications, messages };
  }
  afterEach(() => setAppFeedback(null));

  it('puts the spec\'s title on the toast the failed call showed: one toast, with the server\'s reason', () => {
    const shown = recorder();
    const failure = { status: 422, url: '/rest/url_items/7', statusText: 'Unprocessable Entity', method: 'DELETE', body: { error: { message: 'Those links are not in this link set' } } };
    let error: unknown;
    try {
      failHttp(failure, false);
    } catch (thrown) {
      error = thrown;
    }
    expect(shown.notifications.size).toBe(1);
    toastFailure('Failed to delete the links', error);
    expect(shown.notifications.size).toBe(1);
    expect(shown.messages).toEqual([]);
    const [toast] = [...shown.notifications.values()];
    expect(toast!.title).toBe('Failed to delete the links');
    expect(String(toast!.description)).toContain('Those links are not in this link set');
  });

  it('a failure that is no call\'s gets the plain failure toast', () => {
    const shown = recorder();
    toastFailure('Failed to add new link', new Error('the form is broken'));
    expect(shown.notifications.size).toBe(0);
    expect(shown.messages).toHaveLength(1);
  });
});
