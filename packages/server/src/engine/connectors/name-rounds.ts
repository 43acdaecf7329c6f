/**
 * The rounds in which a connector asks a site which of a post's name candidates are free: the first
 * candidate (the title's own name, free for almost every post) alone, then the rest `perRound` at a
 * time. A look-up of one name costs the site less than one of fifty (MediaWiki answered a query of
 * 50 titles in 36 ms against 26 ms for one, on the publishing bench), and most posts need no more.
 */
export function* nameRounds<T>(candidates: readonly T[], perRound: number): Generator<T[]> {
  if (candidates.length === 0) return;
  yield candidates.slice(0, 1);
  for (let at = 1; at < candidates.length; at += perRound) yield candidates.slice(at, at + perRound);
}
