import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@linkloom/shared';
import { rememberTableLayout, rememberedTableLayout } from './table-layout-memory';
import { screenfulOfRows } from './use-first-screenful';

/** The part of localStorage the module uses, kept in a map; `full` makes it refuse writes. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    full: false,
    getItem: (key: string) => items.get(key) ?? null,
    setItem(key: string, value: string) {
      if (this.full) throw new DOMException('quota exceeded', 'QuotaExceededError');
      items.set(key, value);
    },
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('table layout memory', () => {
  let storage: ReturnType<typeof memoryStorage>;
  beforeEach(() => {
    storage = memoryStorage();
    vi.stubGlobal('window', { localStorage: storage });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('gives back what was remembered for a table, at the same window width only', () => {
    expect(rememberedTableLayout('campaigns-table', 1280)).toBeNull();
    rememberTableLayout('campaigns-table', { width: 1280, top: 277, rowHeight: 49 });
    expect(rememberedTableLayout('campaigns-table', 1280)).toEqual({ width: 1280, top: 277, rowHeight: 49 });
    expect(rememberedTableLayout('campaigns-table', 1024)).toBeNull();
    expect(rememberedTableLayout('accounts-table', 1280)).toBeNull();
  });

  it('ignores what is not a measurement: a broken entry, low rows, negative or missing numbers', () => {
    storage.setItem(STORAGE_KEYS.tableLayouts, 'not json');
    expect(rememberedTableLayout('a', 1280)).toBeNull();
    storage.setItem(STORAGE_KEYS.tableLayouts, JSON.stringify({ a: { width: 1280, top: 100, rowHeight: 5 }, b: { width: 1280, top: -1, rowHeight: 40 }, c: { width: 1280, top: '9', rowHeight: 40 }, d: [1] }));
    for (const table of ['a', 'b', 'c', 'd']) expect(rememberedTableLayout(table, 1280)).toBeNull();
    rememberTableLayout('e', { width: 1280, top: 100, rowHeight: 0 });
    expect(rememberedTableLayout('e', 1280)).toBeNull();
  });

  it('keeps the 50 tables drawn last, and a storage that refuses only loses the hint', () => {
    for (let i = 0; i < 60; i += 1) rememberTableLayout(`table-${i}`, { width: 1280, top: 200, rowHeight: 40 });
    expect(rememberedTableLayout('table-9', 1280)).toBeNull();
    expect(rememberedTableLayout('table-10', 1280)).not.toBeNull();
    expect(rememberedTableLayout('table-59', 1280)).not.toBeNull();
    storage.full = true;
    expect(() => rememberTableLayout('table-60', { width: 1280, top: 200, rowHeight: 40 })).not.toThrow();
    expect(rememberedTableLayout('table-59', 1280)).not.toBeNull();
  });
});

describe('screenfulOfRows with a remembered layout', () => {
  it('counts the rows that fill the window below the first row\'s top, at least one', () => {
    // The campaign list at 1280 × 800: rows 49 px high from 277 px down, 11 rows in view.
    expect(screenfulOfRows(800, { width: 1280, top: 277, rowHeight: 49 })).toBe(11);
    expect(screenfulOfRows(800, { width: 1280, top: 900, rowHeight: 49 })).toBe(1);
    expect(screenfulOfRows(800, null)).toBe(21);
  });
});
