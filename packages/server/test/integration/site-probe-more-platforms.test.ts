/**
 * The platform verifier beyond WordPress and MediaWiki (issue 37) against real DokuWiki wikis and
 * Shaarli sites (Debian's packages, started by scripts/peers/), and hosted services by their
 * address: which platform, whether the stored login works, what to do when it does not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeSite, type ProbeOptions } from '../../src/engine/site-verifier/probe-site';
import { dokuWikiAvailability, startDokuWikiPeers, type DokuWikiPeers } from '../support/dokuwiki-peers';
import { shaarliAvailability, startShaarliPeers, type ShaarliPeers } from '../support/shaarli-peers';

const [dokuwiki, shaarli] = await Promise.all([dokuWikiAvailability(), shaarliAvailability()]);
const available = dokuwiki.available && shaarli.available;
const skipReason = available ? '' : ` (SKIPPED: ${[dokuwiki, shaarli].map((a) => (a.available ? '' : a.reason)).filter(Boolean).join('; ')})`;
const OPTIONS: ProbeOptions = { timeoutMs: 15_000 };

describe('hosted services are known by their address', () => {
  it('says the platform, and what to store when no credentials are', async () => {
    expect(await probeSite({ url: 'https://garden-notes.blogspot.com/', login: null, password: 'ya29.token' }, OPTIONS)).toMatchObject({ platform: 'Blogger', status: 'OK', canRegister: false });
    expect(await probeSite({ url: 'gardennotes.wordpress.com', login: null, password: null }, OPTIONS)).toMatchObject({
      platform: 'WordPress.com', status: 'FAILED', reason: expect.stringContaining('no credentials stored: An OAuth 2.0 access token'),
    });
    expect((await probeSite({ url: 'https://dev.to', login: 'me', password: 'key' }, OPTIONS)).platform).toBe('Forem');
    expect((await probeSite({ url: 'https://telegra.ph', login: 'Ann', password: 'token' }, OPTIONS)).platform).toBe('Telegraph');
    expect((await probeSite({ url: 'https://notes.tumblr.com', login: null, password: 'a:b:c:d' }, OPTIONS)).platform).toBe('Tumblr');
  });
});

describe.skipIf(!available)(`Site probe against real DokuWiki and Shaarli sites${skipReason}`, () => {
  let wikis: DokuWikiPeers;
  let closedWikis: DokuWikiPeers;
  let shaarlis: ShaarliPeers;

  beforeAll(async () => {
    [wikis, closedWikis, shaarlis] = await Promise.all([startDokuWikiPeers(1), startDokuWikiPeers(1, { remoteApi: false }), startShaarliPeers(1)]);
  });
  afterAll(async () => {
    await Promise.all([wikis?.stop(), closedWikis?.stop(), shaarlis?.stop()]);
  });

  it('DokuWiki: the remote API and the stored login; off or refused says what to do', async () => {
    const wiki = wikis.sites[0]!;
    expect(await probeSite({ url: wiki.url, login: wiki.username, password: wiki.password }, OPTIONS)).toMatchObject({ platform: 'DokuWiki', status: 'OK', credentialsOk: true });
    expect(await probeSite({ url: wiki.url, login: wiki.username, password: 'wrong password' }, OPTIONS)).toMatchObject({ platform: 'DokuWiki', status: 'FAILED', credentialsOk: false });
    const closed = closedWikis.sites[0]!;
    const off = await probeSite({ url: closed.url, login: closed.username, password: closed.password }, OPTIONS);
    expect(off).toMatchObject({ platform: 'DokuWiki', status: 'FAILED' });
    expect(off.reason).toMatch(/remote API/);
  });

  it('Shaarli: the REST API with the stored password as its secret; a wrong secret says where to find it', async () => {
    const site = shaarlis.sites[0]!;
    expect(await probeSite({ url: site.url, login: site.username, password: site.apiSecret }, OPTIONS)).toMatchObject({ platform: 'Shaarli', status: 'OK', credentialsOk: true });
    const wrong = await probeSite({ url: site.url, login: site.username, password: 'not the secret' }, OPTIONS);
    expect(wrong).toMatchObject({ platform: 'Shaarli', status: 'FAILED', credentialsOk: false });
    expect(wrong.reason).toMatch(/Tools → Configure/);
  });
});
