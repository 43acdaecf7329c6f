/**
 * Images and videos found by keyword for a post (issue 16.7): openly licensed images from
 * Openverse with the credit lines their licences ask for, YouTube videos with the user's key —
 * here from the stand-in that follows both documentations; nothing found, no key or a refused key
 * is a warning line, never a silent nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentProjectFormSchema, OPTION_DEFAULTS } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { buildPrivateProjectWorld } from '../support/engine-world';
import { composePost } from '../../src/engine/runner/compose-post';
import { MEDIA_MESSAGES } from '../../src/engine/media-search/search-post-media';
import { CONTENT_SERVICES_OVERRIDE_ENV } from '../../src/engine/content-services/content-http';
import { EMPTY, GOOD, startContentServicesStandIn, type ContentServicesStandIn } from '../support/content-services-stand-in';

const BODY = '<p>Compost feeds the soil.</p><p>Turn it every week.</p><p>Keep it moist.</p><p>Use it in spring.</p>';

describe.each(DATABASES)('image and video search for posts on $kind', ({ kind, skip }) => {
  let standIn: ContentServicesStandIn;
  beforeAll(async () => {
    standIn = await startContentServicesStandIn();
    process.env[CONTENT_SERVICES_OVERRIDE_ENV] = standIn.url;
  });
  afterAll(async () => {
    delete process.env[CONTENT_SERVICES_OVERRIDE_ENV];
    await standIn.close();
  });
  const ctx = useTestServer(kind, skip, { withLive: false });
  const { ann } = useTwoUsers(ctx, skip);
  const db = () => ctx.server.database.db;
  const services = (youtubeApiKey = '') => ({ service: 'BuiltIn' as const, settings: OPTION_DEFAULTS.spinners, timeoutMs: 5000, youtubeApiKey });
  let seq = 0;
  const compose = async (media: Record<string, unknown>, youtubeApiKey = '') => {
    const w = await buildPrivateProjectWorld(db(), ann.id, [{ url: 'http://127.0.0.1:9', username: 'a', password: 'b' }], { article: { title: 'Compost', body: BODY } });
    const form = ContentProjectFormSchema.parse({ ...w.form, ...media });
    seq += 1;
    const result = await composePost(db(), ann.id, form, null, { idempotency_key: `i0-p${seq}-r1-s1-n1`, article_id: null }, services(youtubeApiKey));
    if (!result.ok) throw new Error(result.error);
    return result.post;
  };

  it.skipIf(skip)('inserts min..max found images with the credit lines their licences ask for; the first is the featured image', async () => {
    const post = await compose({ insertImages: true, searchForImages: true, keywordsForImage: `compost ${kind}`, minImage: 3, maxImage: 3, imagePosition: 'Top' });
    expect(post.warnings).toEqual([]);
    const images = [...post.built.html.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]);
    // Searches are kept per keyword for an hour in the process: each database's run has its own keyword.
    expect(images.sort()).toEqual([1, 2, 3].map((n) => `${standIn.url}/images/compost%20${kind}-${n}.jpg`));
    // CC BY asks for a credit, CC0 does not.
    expect(post.built.html.match(/<figcaption>/g)).toHaveLength(2);
    expect(post.built.html).toContain(`<figcaption>&quot;compost ${kind} 2&quot; by Photographer 2 is licensed under CC BY 2.0.</figcaption>`);
    expect(post.featuredImageUrl).toMatch(new RegExp(`/images/compost%20${kind}-\\d\\.jpg$`));
    expect(standIn.requests.some((r) => r.path === '/api.openverse.org/v1/images/' && r.fields.q === `compost ${kind}` && r.fields.license_type === 'commercial')).toBe(true);
  });

  it.skipIf(skip)('says so when nothing is found, when there is no YouTube key, or the key is refused', async () => {
    expect((await compose({ insertImages: true, searchForImages: true, keywordsForImage: 'nothing' })).warnings).toEqual([MEDIA_MESSAGES.noImages('nothing')]);
    expect((await compose({ insertVideos: true, searchForVideos: true, keywordsForVideo: `compost ${kind}` })).warnings).toEqual([MEDIA_MESSAGES.noVideoKey]);
    const refused = await compose({ insertVideos: true, searchForVideos: true, keywordsForVideo: `compost ${kind}` }, 'wrong-key');
    expect(refused.warnings).toEqual([expect.stringMatching(/^The video search failed \(YouTube refused the API key \(API key not valid/)]);
    const quota = await compose({ insertVideos: true, searchForVideos: true, keywordsForVideo: `worms ${kind}` }, EMPTY.key);
    expect(quota.warnings).toEqual([expect.stringMatching(/^The video search failed \(YouTube has no quota left today/)]);
  });

  it.skipIf(skip)('embeds found YouTube videos with a good key', async () => {
    const post = await compose({ insertVideos: true, searchForVideos: true, keywordsForVideo: `garden tour ${kind}`, minVideo: 1, maxVideo: 1, videoPosition: 'Bottom' }, GOOD.key);
    expect(post.warnings).toEqual([]);
    expect(post.built.html).toMatch(/<iframe src="https:\/\/www\.youtube\.com\/embed\/(dQw4w9WgXcQ|M7lc1UVf-VE)"/);
  });
});
