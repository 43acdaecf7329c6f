import { describe, expect, it } from 'vitest';
import { defaultDiagram, newDiagramNode, type Diagram } from '@linkloom/shared';
import { tierModules } from './tier-modules';

/** Money Site → Wiki, Project (Web 2.0 Blogs and Bookmarking ticked) → Wiki and Private Blog under the first Wiki. */
function diagram(): Diagram {
  let doc = defaultDiagram('money');
  const add = (kind: string, id: string, parent: string, ticked: string[] = []) => {
    const node = newDiagramNode(doc, kind, { x: 0, y: 0 }, id);
    const modules = node.modules?.map((m) => ({ ...m, checked: ticked.includes(m.id) }));
    doc = { cells: [...doc.cells, { ...node, ...(modules ? { modules } : {}) }, { type: 'standard.Link', id: `${id}-link`, source: { id: parent }, target: { id } }] };
  };
  add('Wiki', 'w1', 'money');
  add('Project', 'p1', 'money', ['Bookmarking', 'SocialNetwork']);
  add('PremiumWiki', 'w2', 'w1');
  add('PrivateBlog', 'pb', 'w1');
  return doc;
}

describe('tierModules', () => {
  it('lists each tier\'s modules once, in diagram order, a Project node\'s ticked ones included', () => {
    const tiers = tierModules(diagram());
    expect(tiers.get(1)).toEqual(['Wiki', 'SocialNetwork', 'Bookmarking']);
    expect(tiers.get(2)).toEqual(['Wiki', 'Private']);
    expect(tiers.has(3)).toBe(false);
  });

  it('is empty without a readable diagram', () => {
    expect(tierModules(null).size).toBe(0);
  });
});
