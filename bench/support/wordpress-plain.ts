/**
 * A plain WordPress REST client for the publishing benches (bench/publishing.ts,
 * bench/publishing-platforms.ts): the requests a person's script makes, written with fetch alone
 * (no connector code), basic auth with the blog's application password. The baseline the
 * engine's and the connector's publishing are divided by.
 */
import type { WordPressPeerSite } from '../../packages/server/test/support/wordpress-peers';

export function wordPressAuthorization(site: WordPressPeerSite): string {
  return `Basic ${Buffer.from(`${site.username}:${site.applicationPassword}`).toString('base64')}`;
}

/** Tag ids the blog gives these names (found or made), as the connector sends them. */
export async function wordPressTagIds(site: WordPressPeerSite, names: readonly string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const name of names) {
    const response = await fetch(`${site.url}/wp-json/wp/v2/tags?_fields=id`, {
      method: 'POST', headers: { authorization: wordPressAuthorization(site), 'content-type': 'application/json' }, body: JSON.stringify({ name }),
    });
    const body = (await response.json()) as { id?: number; data?: { term_id?: number } };
    const id = body.id ?? body.data?.term_id;
    if (typeof id === 'number') ids.push(id);
  }
  return ids;
}

/** One published post: `POST /wp/v2/posts` asking for the fields the connector asks for; throws unless WordPress made it. */
export async function postToWordPress(site: WordPressPeerSite, post: { title: string; html: string; slug: string; tagIds: readonly number[] }): Promise<void> {
  const response = await fetch(`${site.url}/wp-json/wp/v2/posts?_fields=id%2Clink%2Cstatus`, {
    method: 'POST',
    headers: { authorization: wordPressAuthorization(site), 'content-type': 'application/json' },
    body: JSON.stringify({ title: post.title, content: post.html, status: 'publish', slug: post.slug, tags: post.tagIds }),
  });
  if (response.status !== 201) throw new Error(`plain post failed: HTTP ${response.status} ${await response.text()}`);
  await response.text();
}

/** The slugs of these that published posts have (`GET /wp/v2/posts?slug=…`, as a careful script looks before it posts). */
export async function takenWordPressSlugs(site: WordPressPeerSite, slugs: readonly string[]): Promise<string[]> {
  const query = new URLSearchParams({ slug: slugs.join(','), per_page: '100', _fields: 'slug' });
  const response = await fetch(`${site.url}/wp-json/wp/v2/posts?${query.toString()}`, { headers: { authorization: wordPressAuthorization(site) } });
  if (response.status !== 200) throw new Error(`plain slug look-up failed: HTTP ${response.status} ${await response.text()}`);
  return ((await response.json()) as Array<{ slug: string }>).map((post) => post.slug);
}
