import { describe, expect, it } from 'vitest';
import { republishDecision, republishKey, type RepublishCandidate } from '../src/domain/link-health/republish';
import { buildPost, type PostInput } from '../src/engine/build-post';
import { createRng } from '../src/engine/random';

/** A published private-project post whose link is dead, on a project that asks for re-publishing. */
const due: RepublishCandidate = { projectKind: 'privateproject', republishDeadPosts: true, postState: 'published', republishState: null, deadSince: 1_000 };

describe('republishDecision (issue 18.2: a dead own-site post re-published once)', () => {
  it.each([
    { case: 'dead private-network post, setting on', post: due, decision: { republish: true } },
    { case: 'dead post on a custom site (posting project), setting on', post: { ...due, projectKind: 'postingproject' }, decision: { republish: true } },
    { case: 'setting off', post: { ...due, republishDeadPosts: false }, decision: { republish: false, why: 'settingOff' } },
    { case: 'alive (one dead check alone, or found again)', post: { ...due, deadSince: null }, decision: { republish: false, why: 'alive' } },
    { case: 're-publish begun already', post: { ...due, republishState: 'publishing' }, decision: { republish: false, why: 'alreadyRepublished' } },
    { case: 're-published already (the copy died too)', post: { ...due, republishState: 'published' }, decision: { republish: false, why: 'alreadyRepublished' } },
    { case: 're-publish failed before', post: { ...due, republishState: 'failed' }, decision: { republish: false, why: 'alreadyRepublished' } },
    { case: 'post not published', post: { ...due, postState: 'failed' }, decision: { republish: false, why: 'notPublished' } },
    { case: 'indexer submission: no page of the user', post: { ...due, projectKind: 'indexerproject' }, decision: { republish: false, why: 'notOwnSite' } },
    { case: 'account registration', post: { ...due, projectKind: 'acproject' }, decision: { republish: false, why: 'notOwnSite' } },
  ])('$case', ({ post, decision }) => {
    expect(republishDecision(post)).toEqual(decision);
  });

  it("derives the copy's key from the post's own, never equal to it", () => {
    expect(republishKey('iabc-p1-r2-s3-n4')).toBe('iabc-p1-r2-s3-n4-re1');
    expect(republishKey('iabc-p1-r2-s3-n4')).not.toBe('iabc-p1-r2-s3-n4');
  });
});

describe('buildPost with fixed links (the copy of a dead post)', () => {
  const base: PostInput = {
    article: { title: '{Best|Top} seeds', body: '{Good|Fine} seeds grow well.\n\nWater them {daily|often}.' },
    linkSources: [{ linkSetId: 7, links: [{ url: 'https://other.example/x', anchor: 'x' }], keywords: { useKeyword: false, primaryKeyword: '', secondaryKeyword: '', brandedKeyword: '', genericKeyword: '', primaryPercentage: 100, secondaryPercentage: 0, brandedPercentage: 0, genericPercentage: 0, nakedUrlPercentage: 0 }, minLinks: 1, maxLinks: 1, linkProb: 100 }],
    placement: 'RandomParagraph',
    tags: '',
  };
  const fixedLinks = [
    { linkSetId: 3, url: 'https://seeds.example/a', anchor: 'heirloom seeds', anchorType: 'primary' as const },
    { linkSetId: 3, url: 'https://seeds.example/b', anchor: 'SeedCo', anchorType: 'branded' as const },
  ];

  it('places exactly the given links and draws none from the sources; the text is the seed\'s', () => {
    const original = buildPost(base, createRng('key-1'));
    const copy = buildPost({ ...base, fixedLinks }, createRng('key-1'));
    expect(copy.title).toBe(original.title);
    expect(copy.links.map((link) => [link.linkSetId, link.url, link.anchor, link.anchorType])).toEqual(fixedLinks.map((link) => [link.linkSetId, link.url, link.anchor, link.anchorType]));
    expect(copy.html).toContain('<a href="https://seeds.example/a">heirloom seeds</a>');
    expect(copy.html).toContain('<a href="https://seeds.example/b">SeedCo</a>');
    expect(copy.html).not.toContain('other.example');
  });
});
