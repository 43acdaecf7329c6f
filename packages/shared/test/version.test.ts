import { describe, expect, it } from 'vitest';
import { compareVersions, isUnreplacedTemplate, parseVersion, updateBannerText } from '../src/domain/version';

describe('compareVersions', () => {
  it.each([
    ['1.0.0', '1.0.0', 0],
    ['1.0', '1.0.0', 0],
    ['v1.2.3', '1.2.3', 0],
    ['1.2.10', '1.2.9', 1],
    ['1.10.0', '1.9.9', 1],
    ['2', '10', -1],
    ['0.9.99', '1.0', -1],
    ['1.0.0.1', '1.0.0', 1],
  ])('%s vs %s → sign %i', (a, b, sign) => {
    expect(Math.sign(compareVersions(a, b))).toBe(sign);
  });

  it('refuses values that are not dotted numbers', () => {
    expect(() => compareVersions('1.x', '1.0')).toThrow('Not a dotted version: 1.x');
    expect(parseVersion('')).toBeNull();
    expect(parseVersion('1..2')).toBeNull();
    expect(parseVersion(' v3.4 ')).toEqual([3, 4]);
  });
});

describe('update banner', () => {
  it("shows the spec's text when a newer version is configured", () => {
    expect(updateBannerText('1.2.3', '1.10.0')).toBe('Your current version is: v1.2.3. There is a new version: v1.10.0. Please update ASAP.');
    expect(updateBannerText('v1.2.3', 'v1.2.4')).toBe('Your current version is: v1.2.3. There is a new version: v1.2.4. Please update ASAP.');
  });

  it('is hidden when the latest version is not newer, missing, garbage or an unreplaced template', () => {
    for (const latest of ['1.2.3', '1.2', '0.9', '', null, undefined, 'soon', '%LINKLOOM_LATEST_VERSION%', '{{latestVersion}}', '${latest}', '<%= v %>']) {
      expect(updateBannerText('1.2.3', latest)).toBeNull();
    }
  });

  it('recognises template placeholders', () => {
    expect(isUnreplacedTemplate('%LINKLOOM_LATEST_VERSION%')).toBe(true);
    expect(isUnreplacedTemplate('{{ version }}')).toBe(true);
    expect(isUnreplacedTemplate('1.2.3')).toBe(false);
  });
});
