import { registrableDomain } from '../domain/registrable-domain';
import type { Rng } from './random';

/** One post's ask of a link set: where it is published (its site's URL) and how many links it takes. */
export interface TargetRequest {
  siteUrl: string;
  count: number;
}

/** A level of targets that all have the same number of links so far; `head` skips those moved up. */
interface Level {
  links: number;
  targets: number[];
  head: number;
}

/**
 * The targets each post links (issue 34 item 4), for a run's posts in their planned order:
 * - never a target on the post's own registrable domain (host for IP addresses; see
 *   registrableDomain), never one target twice in a post;
 * - spread evenly: each link goes to a target with the fewest links so far (`prior`: links the
 *   targets already have, e.g. from sibling projects of the tier or earlier runs), so every target
 *   gets its share before any gets one more. Ties are broken by a seeded shuffle, so the order of
 *   the set (often the order tier 1 published in) leaves no pattern.
 * A post asking for more links than it has eligible targets gets every eligible target once.
 * When a post's only least-linked targets sit on its own domain it takes the next level up, so
 * the spread can reach 2 there; the next post from another domain evens it out.
 *
 * Cost: O(targets + links + skips), where skips are same-domain or already-chosen targets passed
 * over at the lowest level — small unless most targets sit on one domain.
 */
export function spreadTargets<T extends { url: string }>(
  targets: readonly T[], requests: readonly TargetRequest[], rng: Rng, prior: (target: T) => number = () => 0,
): T[][] {
  const domains = targets.map((target) => registrableDomain(target.url));
  const byLinks = new Map<number, Level>();
  const levelOf = (links: number): Level => {
    let level = byLinks.get(links);
    if (!level) {
      level = { links, targets: [], head: 0 };
      byLinks.set(links, level);
    }
    return level;
  };
  for (const index of rng.shuffle(targets.map((_, i) => i))) levelOf(Math.max(0, Math.floor(prior(targets[index]!)))).targets.push(index);
  // Levels in order of links; a new level is only ever one above an existing one, so it is pushed in place.
  const levels = [...byLinks.values()].sort((a, b) => a.links - b.links);
  const chosenIn = new Int32Array(targets.length).fill(-1);

  const moveUp = (levelIndex: number, position: number): void => {
    const level = levels[levelIndex]!;
    const target = level.targets[position]!;
    level.targets[position] = level.targets[level.head]!;
    level.targets[level.head] = target;
    level.head += 1;
    let next = levels[levelIndex + 1];
    if (!next || next.links !== level.links + 1) {
      next = { links: level.links + 1, targets: [], head: 0 };
      levels.splice(levelIndex + 1, 0, next);
    }
    next.targets.push(target);
  };

  // A run's posts sit on a few sites: each site's domain is worked out once.
  const siteDomains = new Map<string, string | null>();
  const domainOf = (siteUrl: string) => {
    let domain = siteDomains.get(siteUrl);
    if (domain === undefined) {
      domain = registrableDomain(siteUrl);
      siteDomains.set(siteUrl, domain);
    }
    return domain;
  };
  const owns = requests.map((request) => domainOf(request.siteUrl));
  const plan = requests.map((request, postIndex) => {
    const own = owns[postIndex]!;
    const picked: number[] = [];
    for (let n = 0; n < request.count; n += 1) {
      let found = false;
      for (let l = 0; l < levels.length && !found; l += 1) {
        const level = levels[l]!;
        for (let p = level.head; p < level.targets.length; p += 1) {
          const target = level.targets[p]!;
          if (chosenIn[target] === postIndex || (own !== null && domains[target] === own)) continue;
          chosenIn[target] = postIndex;
          picked.push(target);
          moveUp(l, p);
          found = true;
          break;
        }
      }
      if (!found) break;
    }
    // Emptied levels at the bottom are dropped so the scan starts at the fewest links.
    while (levels.length > 1 && levels[0]!.head >= levels[0]!.targets.length) levels.shift();
    return picked;
  });
  evenOut(plan, targets.map((target) => Math.max(0, Math.floor(prior(target)))), domains, owns);
  return plan.map((picked) => picked.map((target) => targets[target]!));
}

/**
 * The greedy pass leaves a spread of 2 when a post's only least-linked targets sat on its own
 * domain (small tiers whose posts and targets share a few blogs). Moves links from a most-linked
 * target to a least-linked one, in a post that may take it (not its own domain, not linked there
 * already), until the spread is 1 or no move is left. Rarely runs: a large tier is even already.
 */
function evenOut(plan: number[][], prior: readonly number[], domains: readonly (string | null)[], owns: readonly (string | null)[]): void {
  const links = [...prior];
  const postsOf: number[][] = prior.map(() => []);
  plan.forEach((picked, post) => picked.forEach((target) => {
    links[target]! += 1;
    postsOf[target]!.push(post);
  }));
  const total = plan.reduce((sum, picked) => sum + picked.length, 0);
  for (let round = 0; round < total; round += 1) {
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    for (const n of links) {
      if (n < low) low = n;
      if (n > high) high = n;
    }
    if (high - low <= 1) return;
    const lows = links.flatMap((n, target) => (n === low ? [target] : []));
    const highs = links.flatMap((n, target) => (n === high ? [target] : []));
    const move = (): boolean => {
      for (const to of lows) {
        for (const from of highs) {
          for (const [i, post] of postsOf[from]!.entries()) {
            const own = owns[post];
            if ((own !== null && domains[to] === own) || plan[post]!.includes(to)) continue;
            plan[post]![plan[post]!.indexOf(from)] = to;
            postsOf[from]!.splice(i, 1);
            postsOf[to]!.push(post);
            links[from]! -= 1;
            links[to]! += 1;
            return true;
          }
        }
      }
      return false;
    };
    if (!move()) return;
  }
}

/** Largest minus smallest links per target after a plan (0 for no targets): the spread's measure. */
export function linkSpread(targetCount: number, plan: readonly (readonly { url: string }[])[], prior: ReadonlyMap<string, number> = new Map()): number {
  if (targetCount === 0) return 0;
  const counts = new Map(prior);
  for (const post of plan) for (const target of post) counts.set(target.url, (counts.get(target.url) ?? 0) + 1);
  const values = [...counts.values()];
  while (values.length < targetCount) values.push(0);
  return Math.max(...values) - Math.min(...values);
}
