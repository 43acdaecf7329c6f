/**
 * What a module makes of a post (engine/modules/module-post.ts, issue 37 items 3–4) when the
 * site's platform cannot: a profile or PDF post on a platform whose connector has no profile page
 * or media library fails at once with the shared reason (never retried, nothing sent); a profile
 * is never looked up (setting it again is harmless), a document by the connector's findDocument.
 */
import { describe, expect, it, vi } from 'vitest';
import { MODULE_MESSAGES, type BuiltPost } from '@linkloom/shared';
import { PublishError, type Connector } from '../../src/engine/connectors/connector';
import { findModuleItem, prepareModulePost, profileIntentName } from '../../src/engine/modules/module-post';
import type { ComposedPost } from '../../src/engine/runner/compose-post';

const built: BuiltPost = { title: 'Tomatoes', html: '<p>Soil <a href="https://a.test/">shop</a>.</p>', tags: [], links: [], media: [], skippedLinks: [] };
const composed: ComposedPost = { built, articleId: 1, maxUsage: 0, featuredImageUrl: null };

function articleOnly(platform: string): Connector {
  return {
    platform,
    publish: vi.fn(),
    chooseName: vi.fn(),
    findPublished: vi.fn(async () => ({ url: 'https://x.test/p', remoteId: '1', status: 'publish' })),
  };
}

const input = (style: 'profile' | 'document', connector: Connector) => ({
  style, module: style === 'profile' ? 'WebProfile' : 'PDF', connector, composed, author: { name: 'Anna', firstName: 'Anna', bio: '' }, seed: 'k', now: 0,
});

describe('module posts on a platform that cannot make them', () => {
  it('refuses a profile on a platform without profile pages, and a PDF where nothing can be uploaded, with the shared reason', async () => {
    const connector = articleOnly('Telegraph');
    await expect(prepareModulePost(input('profile', connector))).rejects.toMatchObject({
      name: 'PublishError', kind: 'rejected', retryable: false,
      message: "Telegraph has no profile page LinkLoom can edit: use a WordPress, MediaWiki or DokuWiki site for Web 2.0 Profile projects",
    });
    await expect(prepareModulePost(input('document', connector))).rejects.toMatchObject({ kind: 'rejected', retryable: false, message: MODULE_MESSAGES.noDocumentUpload('Telegraph') });
    expect(connector.publish).not.toHaveBeenCalled();
    expect(connector.chooseName).not.toHaveBeenCalled();
    await expect(prepareModulePost(input('profile', connector))).rejects.toBeInstanceOf(PublishError);
  });

  it('never looks a profile up, and looks a document up with findDocument only', async () => {
    const connector = articleOnly('WordPress');
    const target = { siteUrl: 'https://x.test', username: 'anna', password: 'p' };
    const intent = { title: 't', name: 'n', at: 0 };
    expect(await findModuleItem('profile', connector, target, intent, { timeoutMs: 1 })).toBeNull();
    expect(await findModuleItem('document', connector, target, intent, { timeoutMs: 1 })).toBeNull();
    expect(connector.findPublished).not.toHaveBeenCalled();
    expect(await findModuleItem('directory', connector, target, intent, { timeoutMs: 1 })).toMatchObject({ remoteId: '1' });
  });

  it("names a profile's intent after its account, in a form no slug or page name takes", () => {
    expect(profileIntentName(' Anna.Lee ')).toBe('profile:anna.lee');
  });
});
