import { describe, expect, it } from 'vitest';
import { changesState } from '../src/domain/csrf';

describe('which calls change state', () => {
  it('counts every write and the GET /action/* and logout calls', () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) expect(changesState(method, '/rest/anything')).toBe(true);
    expect(changesState('GET', '/action/start/project/1')).toBe(true);
    expect(changesState('GET', '/api/logout')).toBe(true);
  });

  it('lets plain reads through', () => {
    for (const path of ['/rest/campaigns', '/api/session', '/public/api/setup', '/actions', '/']) expect(changesState('GET', path)).toBe(false);
    expect(changesState('HEAD', '/action/x')).toBe(false);
    expect(changesState('OPTIONS', '/rest/x')).toBe(false);
  });
});

describe('query strings and case', () => {
  it('looks at the path only and accepts lower-case methods', () => {
    expect(changesState('GET', '/api/logout?x=1')).toBe(true);
    expect(changesState('get', '/action/x')).toBe(true);
    expect(changesState('GET', '/rest/x?next=/action/y')).toBe(false);
  });
});
