/**
 * The connectors' look-up of an account a registration may have made (issue 14.4: what the engine
 * asks after an unknown outcome, so no account is made twice), against a real WordPress blog and a
 * real MediaWiki wiki: absent before, ours after (WordPress: a working application password of the
 * user; MediaWiki: our password logs in), someone else's when the name exists with another address
 * or password; registering the same name again is refused as taken.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublishError } from '../../src/engine/connectors/connector';
import { createWordPressConnector } from '../../src/engine/connectors/wordpress/wordpress-connector';
import { createMediaWikiConnector } from '../../src/engine/connectors/mediawiki/mediawiki-connector';
import { mediaWikiAvailability, startMediaWikiPeers, type MediaWikiPeers } from '../support/mediawiki-peers';
import { startWordPressPeers, wordPressAvailability, type WordPressPeers } from '../support/wordpress-peers';

const [wordpress, mediawiki] = await Promise.all([wordPressAvailability(), mediaWikiAvailability()]);
const available = wordpress.available && mediawiki.available;
const options = { timeoutMs: 20_000 };

describe.skipIf(!available)('connectors: looking up a registered account', () => {
  let blogs: WordPressPeers;
  let wikis: MediaWikiPeers;
  beforeAll(async () => {
    [blogs, wikis] = await Promise.all([startWordPressPeers(1), startMediaWikiPeers(1)]);
  });
  afterAll(async () => {
    await Promise.all([blogs?.stop(), wikis?.stop()]);
  });

  it('WordPress: absent, then ours with a fresh application password, taken for another address', async () => {
    const blog = blogs.sites[0]!;
    const connector = createWordPressConnector();
    const admin = { siteUrl: blog.url, username: blog.username, password: blog.applicationPassword };
    const account = { username: `look${randomBytes(3).toString('hex')}`, email: `look-${randomBytes(3).toString('hex')}@mail.test`, password: 'Look-pw-123' };
    expect(await connector.findRegistered(admin, account, options)).toEqual({ state: 'absent' });
    const made = await connector.register(admin, account, options);
    const found = await connector.findRegistered(admin, account, options);
    expect(found).toMatchObject({ state: 'ours', target: { siteUrl: blog.url, username: account.username } });
    const password = found.state === 'ours' ? found.target.password : '';
    expect(password).not.toBe(made.password);
    for (const appPassword of [made.password, password]) {
      const me = await fetch(`${blog.url}/wp-json/wp/v2/users/me`, { headers: { authorization: `Basic ${Buffer.from(`${account.username}:${appPassword}`).toString('base64')}` } });
      expect(me.status).toBe(200);
    }
    expect(await connector.findRegistered(admin, { ...account, email: 'someone.else@mail.test' }, options)).toEqual({ state: 'taken' });
    const again = await connector.register(admin, { ...account, email: 'someone.else@mail.test' }, options).catch((error: unknown) => error);
    expect(isPublishError(again) && again.code).toBe('accountExists');
  });

  it('MediaWiki: absent, then ours when our password logs in, taken otherwise', async () => {
    const wiki = wikis.sites[0]!;
    const connector = createMediaWikiConnector();
    const site = { siteUrl: wiki.url, username: '', password: '' };
    const account = { username: `Look${randomBytes(3).toString('hex')}`, email: 'look@mail.test', password: `Look-pw-${randomBytes(4).toString('hex')}` };
    expect(await connector.findRegistered(site, account, options)).toEqual({ state: 'absent' });
    await connector.register(site, account, options);
    expect(await connector.findRegistered(site, account, options)).toEqual({ state: 'ours', target: { siteUrl: wiki.url, username: account.username, password: account.password } });
    expect(await connector.findRegistered(site, { ...account, password: 'Not-ours-123' }, options)).toEqual({ state: 'taken' });
    const again = await connector.register(site, account, options).catch((error: unknown) => error);
    expect(isPublishError(again) && again.code).toBe('accountExists');
  });
});
