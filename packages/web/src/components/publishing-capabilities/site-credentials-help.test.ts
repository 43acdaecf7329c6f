import { describe, expect, it } from 'vitest';
import { publishingPlatform } from '@linkloom/shared';
import { siteCredentialsHelp } from './site-credentials-help';

const credentialsOf = (name: string) => publishingPlatform(name)!.credentials;

describe('siteCredentialsHelp', () => {
  it('names the hosted service an address belongs to, with what its login and password hold', () => {
    expect(siteCredentialsHelp('https://telegra.ph', 'SocialNetwork')).toEqual({
      platforms: [{ name: 'Telegraph', credentials: credentialsOf('Telegraph') }], recognised: true, note: null,
    });
    expect(siteCredentialsHelp('myblog.blogspot.com', undefined)).toMatchObject({ platforms: [{ name: 'Blogger' }], recognised: true });
  });

  it('warns when the hosted service does not publish the module chosen', () => {
    expect(siteCredentialsHelp('https://someone.tumblr.com/', 'Wiki').note).toBe('Tumblr does not publish Wiki: it publishes Web 2.0 Blogs');
  });

  it('lists the self-hosted platforms of the module for any other address, and every platform of it before one is typed', () => {
    expect(siteCredentialsHelp('https://wiki.example.org', 'Wiki')).toEqual({
      platforms: [{ name: 'MediaWiki', credentials: credentialsOf('MediaWiki') }, { name: 'DokuWiki', credentials: credentialsOf('DokuWiki') }],
      recognised: false, note: null,
    });
    expect(siteCredentialsHelp('https://blog.example.com', 'SocialNetwork').platforms.map((p) => p.name)).toEqual(['WordPress', 'Ghost']);
    expect(siteCredentialsHelp('', 'SocialNetwork').platforms.map((p) => p.name)).toEqual(['WordPress', 'Ghost', 'Blogger', 'Tumblr', 'WordPress.com', 'Forem', 'Telegraph']);
  });

  it('says nothing before a module or a recognised address, and survives addresses that are no URL', () => {
    expect(siteCredentialsHelp(undefined, undefined)).toEqual({ platforms: [], recognised: false, note: null });
    expect(siteCredentialsHelp('http://[not a host', undefined)).toEqual({ platforms: [], recognised: false, note: null });
    expect(siteCredentialsHelp('%%%', 'Bookmarking').platforms.map((p) => p.name)).toEqual(['Shaarli']);
  });

  it('gives the reason for a module no platform publishes', () => {
    expect(siteCredentialsHelp('', 'GooglePlace')).toMatchObject({ platforms: [], note: expect.stringMatching(/no API for posting links/) });
  });
});
