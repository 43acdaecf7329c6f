/** A posting project of a wizard's plan as the site sharing sees it. */
export interface SiteSharingProject {
  key: string;
  tier: number;
  module: string;
  /** Private projects post to their own network as many times as asked: never shared. */
  shared: boolean;
}

/**
 * One post per site per tier (issue 34 item 4): the projects of one tier and module that would
 * all tick the same sites get them dealt out instead — each site to one project, in turn — so a
 * tier does not put two posts on one site. A project that would be left without a site (more
 * projects than sites) takes the site fewest projects have so far: the user asked for more posts
 * than the tier has sites. Sites a project ticks that its siblings do not (manual picks differ)
 * stay its own. Returns the site keys per project key, in the given order.
 */
export function shareTierSites(projects: readonly SiteSharingProject[], keysOf: ReadonlyMap<string, readonly string[]>): Map<string, string[]> {
  const result = new Map<string, string[]>();
  const groups = new Map<string, SiteSharingProject[]>();
  for (const project of projects) {
    if (!project.shared) {
      result.set(project.key, [...(keysOf.get(project.key) ?? [])]);
      continue;
    }
    const group = `${project.tier}\u0000${project.module}`;
    groups.set(group, [...(groups.get(group) ?? []), project]);
  }
  for (const members of groups.values()) {
    const owners = new Map<string, number>();
    const dealt = new Map<string, string[]>(members.map((project) => [project.key, []]));
    const offers = new Map(members.map((project) => [project.key, new Set(keysOf.get(project.key) ?? [])]));
    let turn = 0;
    // Sites in the order the first project lists them, then any only later ones list.
    const sites = [...new Set(members.flatMap((project) => keysOf.get(project.key) ?? []))];
    for (const site of sites) {
      const takers = members.filter((project) => offers.get(project.key)!.has(site));
      const taker = takers.find((project) => members.indexOf(project) >= turn % members.length) ?? takers[0]!;
      dealt.get(taker.key)!.push(site);
      owners.set(site, (owners.get(site) ?? 0) + 1);
      turn = members.indexOf(taker) + 1;
    }
    for (const project of members) {
      const own = dealt.get(project.key)!;
      const offered = keysOf.get(project.key) ?? [];
      if (own.length === 0 && offered.length > 0) {
        const least = [...offered].sort((a, b) => (owners.get(a) ?? 0) - (owners.get(b) ?? 0))[0]!;
        own.push(least);
        owners.set(least, (owners.get(least) ?? 0) + 1);
      }
      result.set(project.key, own);
    }
  }
  return result;
}
