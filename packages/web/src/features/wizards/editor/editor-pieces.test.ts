import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import dayjs from 'dayjs';
import { defaultDiagram, formatWireDate, newDiagramNode, type Diagram, type SiteListEntry } from '@linkloom/shared';
import { pickersOf, startDateOf } from './schedule-date';
import { wizardSiteRows } from './site-rows';
import { ACCOUNTS_DEBOUNCE_MS, LINKS_DEBOUNCE_MS, sameValue } from './use-debounced-field';
import { PendingCommit } from './pending-commit';
import { wizardFlow } from './wizard-flow';

const site = (id: number, premium: boolean): SiteListEntry => ({
  id: { module: 'Wiki', siteId: id }, module: 'Wiki', platform: 'MediaWiki', siteUrl: `https://wiki${id}.example.org`, email: '', pr: 10 * id,
  dofollow: 0.8, status: id === 3 ? 'CHECKING' : 'OK', premium, source: 'custom', privateNetworkId: null,
});

describe('wizard editor pieces', () => {
  it('flags premium sites (the grid groups them first), marked, with the picked ones checked', () => {
    const rows = wizardSiteRows([site(2, true), site(4, true), site(1, false), site(3, false)], new Set(['Wiki:3']));
    expect(rows.map((r) => r.premium)).toEqual([true, true, false, false]);
    expect(rows.map((r) => r.waitInfo)).toEqual(['Premium', 'Premium', null, null]);
    expect(rows.find((r) => r.key === 'Wiki:3')?.checked).toBe(true);
    expect(rows[0]).toMatchObject({ pr: 20, dofollow: true, status: 'SUCCESS', siteUrl: 'https://wiki2.example.org' });
    expect(rows[3]?.status).toBe('RUNNING');
  });

  it('turns the local day and time into the UTC wire date and back; a day alone stays a day', () => {
    const day = dayjs(new Date(2026, 4, 17));
    const time = dayjs(new Date(2026, 0, 1, 14, 45));
    const wire = startDateOf(day, time);
    expect(wire).toBe(formatWireDate(new Date(2026, 4, 17, 14, 45)));
    const back = pickersOf(wire);
    expect(back.day?.format('DD/MM/YYYY')).toBe('17/05/2026');
    expect(back.time?.format('HH:mm')).toBe('14:45');
    expect(startDateOf(day, null)).toBe('17/05/2026');
    expect(pickersOf('17/05/2026')).toMatchObject({ time: null });
    expect(pickersOf('17/05/2026').day?.date()).toBe(17);
    expect(startDateOf(null, time)).toBeNull();
    expect(pickersOf(null)).toEqual({ day: null, time: null });
  });

  it('sees a field group built afresh as the same value, and a changed one as changed', () => {
    expect(sameValue({ a: 1, b: 'x' }, { a: 1, b: 'x' })).toBe(true);
    expect(sameValue({ a: 1, b: 'x' }, { a: 2, b: 'x' })).toBe(false);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameValue('x', 'x')).toBe(true);
    expect(sameValue(null, {})).toBe(false);
  });

  it('draws the diagram read-only: every node with its name and colour, premium flagged, the active one marked, laid-out positions used', () => {
    let doc: Diagram = defaultDiagram('money');
    const wiki = newDiagramNode(doc, 'PremiumWiki', { x: 300, y: 200 }, 'w1');
    doc = { cells: [...doc.cells, wiki, { type: 'standard.Link', id: 'l1', source: { id: 'money' }, target: { id: 'w1' } }] };
    const { nodes, edges } = wizardFlow(doc, 'w1', new Map([['money', { x: 5, y: 6 }]]));
    expect(nodes.map((n) => n.id)).toEqual(['money', 'w1']);
    expect(nodes[0]?.position).toEqual({ x: 5, y: 6 });
    expect(nodes[1]?.position).toEqual({ x: 300, y: 200 });
    expect(nodes[1]?.data).toMatchObject({ premium: true, active: true, moneySite: false });
    expect(nodes[0]?.data).toMatchObject({ premium: false, active: false, moneySite: true });
    expect(nodes.every((n) => n.draggable === false)).toBe(true);
    expect(edges).toEqual([expect.objectContaining({ id: 'l1', source: 'money', target: 'w1' })]);
  });
});

describe('pending commit (the 1000 ms links and 200 ms accounts debounces)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('commits only the last value, waitMs after the last change', () => {
    const commit = vi.fn();
    const waiting = new PendingCommit<string>(LINKS_DEBOUNCE_MS, commit);
    waiting.set('g');
    vi.advanceTimersByTime(600);
    waiting.set('ga');
    vi.advanceTimersByTime(999);
    expect(commit).not.toHaveBeenCalled();
    expect(waiting.pending).toBe(true);
    vi.advanceTimersByTime(1);
    expect(commit).toHaveBeenCalledExactlyOnceWith('ga');
    expect(waiting.pending).toBe(false);
  });

  it('flush commits at once and only once; with nothing waiting it commits nothing', () => {
    const commit = vi.fn();
    const waiting = new PendingCommit<number>(ACCOUNTS_DEBOUNCE_MS, commit);
    waiting.flush();
    expect(commit).not.toHaveBeenCalled();
    waiting.set(3);
    waiting.flush();
    expect(commit).toHaveBeenCalledExactlyOnceWith(3);
    vi.advanceTimersByTime(ACCOUNTS_DEBOUNCE_MS * 2);
    expect(commit).toHaveBeenCalledTimes(1);
    expect([LINKS_DEBOUNCE_MS, ACCOUNTS_DEBOUNCE_MS]).toEqual([1000, 200]);
  });
});
