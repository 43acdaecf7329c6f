import { describe, expect, it } from 'vitest';
import { safeReturnTo } from '../src/domain/return-to';

describe('safeReturnTo', () => {
  it('keeps in-app routes with their query', () => {
    expect(safeReturnTo('/campaign/12')).toBe('/campaign/12');
    expect(safeReturnTo('/options?tab=indexer')).toBe('/options?tab=indexer');
  });

  it('falls back to /campaigns for empty, external, login, setup or root targets', () => {
    for (const target of [null, undefined, '', 'campaigns', '//evil.example/x', 'https://evil.example', '/\\evil', '/user/login', '/user/login?x=1', '/user/setup', '/', '/a\u0000b']) {
      expect(safeReturnTo(target)).toBe('/campaigns');
    }
  });
});
