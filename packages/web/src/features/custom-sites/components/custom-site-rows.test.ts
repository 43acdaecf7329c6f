import { describe, expect, it } from 'vitest';
import type { CustomSiteRow } from '@linkloom/shared';
import { customSiteGridRows } from './custom-site-rows';

const site = (overrides: Partial<CustomSiteRow>): CustomSiteRow => ({
  id: 1, module: 'Wiki', url: 'https://w.example.org', host: 'w.example.org', login: null, hasPassword: false, da: null, premium: false,
  platform: 'Unknown', status: 'NEW', reason: '', canRegister: null, credentialsOk: null, checkedAt: null, ...overrides,
});

describe('custom sites as site grid rows', () => {
  it('keys by module and id, maps the verification to the grid status and writes the notes', () => {
    const rows = customSiteGridRows([
      site({}),
      site({ id: 2, module: 'SocialNetwork', platform: 'WordPress', status: 'OK', da: 40, premium: true, login: 'admin', reason: 'REST API answers', dofollow: 0.8 }),
      site({ id: 3, status: 'FAILED', reason: 'Could not reach the site', dofollow: 0.2 }),
      site({ id: 4, status: 'CHECKING' }),
    ], new Set(['SocialNetwork:2']));
    expect(rows.map((r) => r.premium)).toEqual([false, true, false, false]);
    expect(rows.map((r) => [r.key, r.status, r.checked, r.pr, r.dofollow, r.waitInfo])).toEqual([
      ['Wiki:1', 'NONE', false, null, null, null],
      ['SocialNetwork:2', 'SUCCESS', true, 40, true, 'Premium · Login: admin · REST API answers'],
      ['Wiki:3', 'FAILED', false, null, false, 'Could not reach the site'],
      ['Wiki:4', 'RUNNING', false, null, null, null],
    ]);
    expect(rows[1]).toMatchObject({ id: { module: 'SocialNetwork', siteId: 2 }, module: 'SocialNetwork', platform: 'WordPress', siteUrl: 'https://w.example.org', email: '' });
  });

  it("shows what the verifier found until links posted there were checked (issue 39 item 5: the Dofollow column stayed empty)", () => {
    const rows = customSiteGridRows([
      site({ status: 'OK', dofollowFound: true }),
      site({ id: 2, status: 'OK', dofollowFound: false }),
      site({ id: 3, status: 'OK', dofollowFound: true, dofollow: 0.1 }),
      site({ id: 4, status: 'OK', dofollowFound: null, dofollow: null }),
    ], new Set());
    expect(rows.map((r) => r.dofollow)).toEqual([true, false, false, null]);
  });
});
