import { describe, expect, it } from 'vitest';
import {
  INPUT_LINK_HEADERS, PUBLISHED_BACKLINK_HEADERS, backlinkDofollow, backlinkExportStatus, exportDate, inputLinkCells, parseSiteKey,
  placedLinkFinding, publishedBacklinkCells, type PublishedBacklink,
} from '../src/domain/backlinks-export';
import {
  BACKLINKS_EXPORT_MESSAGES, BacklinksExportQuerySchema, backlinksCsvEntryNames, backlinksExportFileName, backlinksExportUrl,
} from '../src/schemas/backlinks-export';
import { CHECK_INFO_MAX_LENGTH, summariseBacklinks } from '../src/engine/backlink-summary';
import { checkBacklinks } from '../src/engine/check-backlinks';
import { siteKey } from '../src/schemas/project-screen';

const MONEY = 'https://money.example/landing';
const OTHER = 'https://money.example/other';

/** check_info as the verifier writes it for this page and these placed links. */
function checkInfoOf(html: string, links: { url: string; anchor: string }[]) {
  return summariseBacklinks(checkBacklinks(html, 'https://blog.example/post/', links));
}

describe('backlinkExportStatus: live, missing, dead, pending', () => {
  it.each([
    { checkStatus: 'OK', deadSince: null, status: 'live' },
    { checkStatus: 'NOFOLLOW', deadSince: null, status: 'live' },
    { checkStatus: 'MISSING', deadSince: null, status: 'missing' },
    { checkStatus: 'MISSING', deadSince: 5, status: 'dead' },
    // A dead verdict stands until a live check clears it; whatever the latest stored state.
    { checkStatus: 'ERROR', deadSince: 5, status: 'dead' },
    { checkStatus: 'PENDING', deadSince: 5, status: 'dead' },
    { checkStatus: 'NONE', deadSince: null, status: 'pending' },
    { checkStatus: 'PENDING', deadSince: null, status: 'pending' },
    { checkStatus: 'ERROR', deadSince: null, status: 'pending' },
    { checkStatus: 'SOMETHING NEW', deadSince: null, status: 'pending' },
  ])('$checkStatus, dead since $deadSince → $status', ({ checkStatus, deadSince, status }) => {
    expect(backlinkExportStatus({ checkStatus, deadSince })).toBe(status);
  });
});

describe("placedLinkFinding reads the verifier's own check_info lines", () => {
  it('dofollow, rel nofollow, robots nofollow and not found, each by its target', () => {
    const followed = checkInfoOf(`<p><a href="${MONEY}">seeds</a> <a rel="ugc nofollow" href="${OTHER}">more</a></p>`, [
      { url: MONEY, anchor: 'seeds' }, { url: OTHER, anchor: 'more' },
    ]);
    expect(followed.status).toBe('NOFOLLOW');
    expect(placedLinkFinding(followed.info, MONEY)).toBe('dofollow');
    expect(placedLinkFinding(followed.info, OTHER)).toBe('nofollow');
    expect(placedLinkFinding(followed.info, 'https://elsewhere.example/')).toBeNull();

    const robots = summariseBacklinks(checkBacklinks(`<head><meta name="robots" content="nofollow"></head><a href="${MONEY}">seeds</a>`, 'https://blog.example/', [{ url: MONEY, anchor: 'seeds' }]));
    expect(placedLinkFinding(robots.info, MONEY)).toBe('nofollow');

    const missing = checkInfoOf(`<p><a href="${MONEY}">seeds</a></p>`, [{ url: MONEY, anchor: 'seeds' }, { url: OTHER, anchor: 'more' }]);
    expect(missing.status).toBe('MISSING');
    expect(placedLinkFinding(missing.info, OTHER)).toBe('missing');
    expect(placedLinkFinding(missing.info, MONEY)).toBe('dofollow');
  });

  it('a target that is a prefix of another is not mistaken for it', () => {
    const info = checkInfoOf(`<p><a href="${MONEY}-2" rel="nofollow">x</a><a href="${MONEY}">y</a></p>`, [{ url: `${MONEY}-2`, anchor: 'x' }, { url: MONEY, anchor: 'y' }]);
    expect(placedLinkFinding(info.info, MONEY)).toBe('dofollow');
    expect(placedLinkFinding(info.info, `${MONEY}-2`)).toBe('nofollow');
  });

  it('page-level results and empty info have no line; the cut last line of a long check_info is not read', () => {
    expect(placedLinkFinding(null, MONEY)).toBeNull();
    expect(placedLinkFinding('', MONEY)).toBeNull();
    expect(placedLinkFinding('The page answers 404 Not Found: the post was deleted or is not published', MONEY)).toBeNull();
    const head = Array.from({ length: 40 }, (_, i) => `https://t.example/${i}: dofollow, anchor "a"`).join('\n');
    const cut = `${head}\n${MONEY}: dofo`.slice(0, CHECK_INFO_MAX_LENGTH - 1);
    const info = `${cut}${'x'.repeat(Math.max(0, CHECK_INFO_MAX_LENGTH - 1 - cut.length))}…`;
    expect(info.length).toBe(CHECK_INFO_MAX_LENGTH);
    expect(placedLinkFinding(info, 'https://t.example/0')).toBe('dofollow');
    expect(placedLinkFinding(`${head}\n${MONEY}: dofo…`.padStart(CHECK_INFO_MAX_LENGTH, ' '), MONEY)).toBeNull();
  });
});

describe('backlinkDofollow: yes, no, unknown', () => {
  const info = checkInfoOf(`<p><a href="${MONEY}">seeds</a> <a rel="sponsored" href="${OTHER}">more</a></p>`, [
    { url: MONEY, anchor: 'seeds' }, { url: OTHER, anchor: 'more' },
  ]).info;
  it.each([
    { case: 'live, its line says dofollow', link: { checkStatus: 'NOFOLLOW', deadSince: null, checkInfo: info, target: MONEY }, word: 'yes' },
    { case: 'live, its line says rel="sponsored"', link: { checkStatus: 'NOFOLLOW', deadSince: null, checkInfo: info, target: OTHER }, word: 'no' },
    { case: 'OK without a line: every placed link was followed', link: { checkStatus: 'OK', deadSince: null, checkInfo: null, target: MONEY }, word: 'yes' },
    { case: 'NOFOLLOW without a line: cannot tell which', link: { checkStatus: 'NOFOLLOW', deadSince: null, checkInfo: 'cut', target: MONEY }, word: 'unknown' },
    { case: 'missing', link: { checkStatus: 'MISSING', deadSince: null, checkInfo: info, target: MONEY }, word: 'unknown' },
    { case: 'dead', link: { checkStatus: 'OK', deadSince: 1, checkInfo: info, target: MONEY }, word: 'unknown' },
    { case: 'pending', link: { checkStatus: 'PENDING', deadSince: null, checkInfo: null, target: MONEY }, word: 'unknown' },
    { case: 'a post without placed links', link: { checkStatus: 'OK', deadSince: null, checkInfo: null, target: null }, word: 'unknown' },
  ])('$case → $word', ({ link, word }) => {
    expect(backlinkDofollow(link)).toBe(word);
  });
});

describe('the columns', () => {
  const row: PublishedBacklink = {
    url: 'https://blog.example/post/', target: MONEY, anchor: '=HYPERLINK("x")', tier: 1, site: 'https://blog.example', platform: 'WordPress',
    module: 'Private', project: 'PBN', linkSet: 'Tier 1', status: 'live', dofollow: 'yes',
    published: Date.UTC(2026, 0, 10, 12, 30, 5), firstSeen: Date.UTC(2026, 0, 10, 12, 31), lastChecked: null, httpStatus: 200,
  };

  it('published: the headers and each cell in their order, dates in UTC, empty for none', () => {
    expect(PUBLISHED_BACKLINK_HEADERS).toEqual([
      'URL', 'Target', 'Anchor', 'Tier', 'Site', 'Platform', 'Module', 'Project', 'Link set', 'Status', 'Dofollow',
      'Published (UTC)', 'First seen (UTC)', 'Last checked (UTC)', 'HTTP status',
    ]);
    // Values are handed on as they are: the file writers make formula-looking text inert.
    expect(publishedBacklinkCells(row)).toEqual([
      'https://blog.example/post/', MONEY, '=HYPERLINK("x")', 1, 'https://blog.example', 'WordPress', 'Private', 'PBN', 'Tier 1', 'live', 'yes',
      '2026-01-10 12:30:05', '2026-01-10 12:31:00', null, 200,
    ]);
  });

  it('inputs: URL, anchor, link set, added, backlinks, live backlinks', () => {
    expect(INPUT_LINK_HEADERS).toEqual(['URL', 'Anchor', 'Link set', 'Added (UTC)', 'Backlinks', 'Live backlinks']);
    expect(inputLinkCells({ url: MONEY, anchor: 'seeds', linkSet: 'Money', added: Date.UTC(2025, 11, 31, 23, 59, 59), backlinks: 3, liveBacklinks: 2 }))
      .toEqual([MONEY, 'seeds', 'Money', '2025-12-31 23:59:59', 3, 2]);
  });

  it('exportDate: null and non-finite are empty', () => {
    expect(exportDate(null)).toBeNull();
    expect(exportDate(Number.NaN)).toBeNull();
    expect(exportDate(0)).toBe('1970-01-01 00:00:00');
  });
});

describe('parseSiteKey is the inverse of siteKey', () => {
  it.each([
    { siteId: 12, email: 'ann@example.test' },
    { siteId: 7, email: '' },
    { siteId: 3, email: 'odd:name@example.test' },
    { module: 'Web20', siteId: 41 },
    { module: 'Wiki', siteId: 1 },
  ])('%o', (id) => {
    expect(parseSiteKey(siteKey(id))).toEqual(id);
  });
  it('refuses what neither form reads', () => {
    for (const key of ['', 'Web20:', ':12', 'Web 20:1', '0:x', 'Wiki:012', 'x']) expect(parseSiteKey(key), key).toBeNull();
  });
});

describe('the query, the call and the file names', () => {
  it('defaults: CSV of the published links, every status', () => {
    expect(BacklinksExportQuerySchema.parse({})).toEqual({ format: 'csv', onlyLive: false, part: 'published' });
    expect(BacklinksExportQuerySchema.parse({ format: 'xlsx', onlyLive: 'true', part: 'both' })).toEqual({ format: 'xlsx', onlyLive: true, part: 'both' });
  });

  it.each([
    [{ format: 'xls' }, BACKLINKS_EXPORT_MESSAGES.format],
    [{ format: 'CSV' }, BACKLINKS_EXPORT_MESSAGES.format],
    [{ onlyLive: '1' }, BACKLINKS_EXPORT_MESSAGES.onlyLive],
    [{ onlyLive: 'yes' }, BACKLINKS_EXPORT_MESSAGES.onlyLive],
    [{ onlyLive: ['true', 'false'] }, BACKLINKS_EXPORT_MESSAGES.onlyLive],
    [{ part: 'money' }, BACKLINKS_EXPORT_MESSAGES.part],
  ])('refuses %o', (query, message) => {
    const parsed = BacklinksExportQuerySchema.safeParse(query);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });

  it('refuses an unknown key (a misspelt onlylive is not silently ignored)', () => {
    expect(BacklinksExportQuerySchema.safeParse({ onlylive: 'true' }).success).toBe(false);
  });

  it('the call a screen makes parses back to its options', () => {
    const options = { format: 'xlsx', onlyLive: true, part: 'both' } as const;
    const url = backlinksExportUrl('link_set', 42, options);
    expect(url).toBe('/action/export/backlinks/link_set/42?format=xlsx&onlyLive=true&part=both');
    expect(BacklinksExportQuerySchema.parse(Object.fromEntries(new URL(url, 'http://x').searchParams))).toEqual(options);
  });

  it.each([
    [{ format: 'csv', onlyLive: false, part: 'published' }, 'Shop_backlinks.csv'],
    [{ format: 'csv', onlyLive: true, part: 'published' }, 'Shop_backlinks_live.csv'],
    [{ format: 'csv', onlyLive: true, part: 'inputs' }, 'Shop_inputs.csv'],
    [{ format: 'csv', onlyLive: false, part: 'both' }, 'Shop_backlinks.zip'],
    [{ format: 'xlsx', onlyLive: false, part: 'both' }, 'Shop_backlinks.xlsx'],
    [{ format: 'xlsx', onlyLive: true, part: 'published' }, 'Shop_backlinks_live.xlsx'],
    [{ format: 'xlsx', onlyLive: true, part: 'inputs' }, 'Shop_inputs.xlsx'],
  ] as const)('%o → %s', (options, name) => {
    expect(backlinksExportFileName('Shop', options)).toBe(name);
  });

  it('the zip of both parts holds two CSV files', () => {
    expect(backlinksCsvEntryNames('Shop', true)).toEqual({ published: 'Shop_published_live.csv', inputs: 'Shop_inputs.csv' });
  });
});
