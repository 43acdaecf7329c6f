import { describe, expect, it } from 'vitest';
import { shareTierSites } from '../src/domain/wizard/share-tier-sites';

const blogs = (n: number) => Array.from({ length: n }, (_, i) => `SocialNetwork:${i + 1}`);

describe('shareTierSites (one post per site per tier)', () => {
  it("deals a tier's sites out to its projects of one module, each site to one project", () => {
    const projects = ['a', 'b', 'c'].map((key) => ({ key, tier: 2, module: 'SocialNetwork', shared: true }));
    const shared = shareTierSites(projects, new Map(projects.map((p) => [p.key, blogs(7)])));
    expect(shared.get('a')).toEqual(['SocialNetwork:1', 'SocialNetwork:4', 'SocialNetwork:7']);
    expect(shared.get('b')).toEqual(['SocialNetwork:2', 'SocialNetwork:5']);
    expect(shared.get('c')).toEqual(['SocialNetwork:3', 'SocialNetwork:6']);
  });

  it('keeps tiers, modules and private projects apart, and a site only one project offers stays its own', () => {
    const projects = [
      { key: 't1', tier: 1, module: 'SocialNetwork', shared: true },
      { key: 't2', tier: 2, module: 'SocialNetwork', shared: true },
      { key: 'wiki', tier: 2, module: 'Wiki', shared: true },
      { key: 'pbn1', tier: 2, module: 'Private', shared: false },
      { key: 'pbn2', tier: 2, module: 'Private', shared: false },
    ];
    const keys = new Map<string, string[]>([
      ['t1', blogs(2)], ['t2', blogs(2)], ['wiki', ['Wiki:9']], ['pbn1', ['5:a@x']], ['pbn2', ['5:a@x']],
    ]);
    const shared = shareTierSites(projects, keys);
    expect(shared.get('t1')).toEqual(blogs(2));
    expect(shared.get('t2')).toEqual(blogs(2));
    expect(shared.get('wiki')).toEqual(['Wiki:9']);
    expect(shared.get('pbn1')).toEqual(['5:a@x']);
    expect(shared.get('pbn2')).toEqual(['5:a@x']);
    const picked = shareTierSites(
      [{ key: 'x', tier: 1, module: 'Wiki', shared: true }, { key: 'y', tier: 1, module: 'Wiki', shared: true }],
      new Map([['x', ['Wiki:1', 'Wiki:2']], ['y', ['Wiki:3']]]),
    );
    expect([...picked.get('x')!, ...picked.get('y')!].sort()).toEqual(['Wiki:1', 'Wiki:2', 'Wiki:3']);
    expect(picked.get('y')).toContain('Wiki:3');
  });

  it('gives a project left without a site the one fewest projects have (more projects than sites)', () => {
    const projects = ['a', 'b', 'c', 'd', 'e'].map((key) => ({ key, tier: 1, module: 'SocialNetwork', shared: true }));
    const shared = shareTierSites(projects, new Map(projects.map((p) => [p.key, blogs(2)])));
    const counts = new Map<string, number>();
    for (const project of projects) {
      expect(shared.get(project.key)).toHaveLength(1);
      const site = shared.get(project.key)![0]!;
      counts.set(site, (counts.get(site) ?? 0) + 1);
    }
    expect([...counts.values()].sort()).toEqual([2, 3]);
    expect(shareTierSites([{ key: 'z', tier: 1, module: 'Wiki', shared: true }], new Map([['z', []]])).get('z')).toEqual([]);
  });
});
