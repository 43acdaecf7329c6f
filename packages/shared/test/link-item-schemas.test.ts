import { describe, expect, it } from 'vitest';
import {
  LinkSetKeywordsSchema, UrlItemBatchSchema, UrlItemInputSchema, UrlItemListQuerySchema, UrlListsExportSchema,
  type LinkSetKeywords,
} from '../src/schemas/link-sets';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

const keywords = (overrides: Partial<Record<keyof LinkSetKeywords, unknown>> = {}) => ({
  useKeyword: true, primaryKeyword: 'shoes', secondaryKeyword: '', brandedKeyword: '', genericKeyword: '',
  primaryPercentage: 100, secondaryPercentage: 0, brandedPercentage: 0, genericPercentage: 0, nakedUrlPercentage: 0,
  ...overrides,
});

describe('LinkSetKeywordsSchema (spec 1 §5 link set keywords)', () => {
  it('accepts the default and a full split', () => {
    expect(LinkSetKeywordsSchema.safeParse(keywords()).success).toBe(true);
    expect(LinkSetKeywordsSchema.parse(keywords({
      primaryKeyword: ' shoes ', secondaryKeyword: 'boots', brandedKeyword: 'Acme', genericKeyword: 'click here',
      primaryPercentage: 40, secondaryPercentage: 20, brandedPercentage: 20, genericPercentage: 10, nakedUrlPercentage: 10,
    })).primaryKeyword).toBe('shoes');
  });

  it("requires the primary keyword: 'Primary keyword is required'", () => {
    expect(messages(LinkSetKeywordsSchema.safeParse(keywords({ primaryKeyword: '  ' })))).toEqual([['primaryKeyword', 'Primary keyword is required']]);
  });

  it("requires a primary percentage of at least 1: 'Primary percentage must be greater than zero'", () => {
    for (const value of [0, -5, 2.5, 'ten', null]) {
      expect(messages(LinkSetKeywordsSchema.safeParse(keywords({ primaryPercentage: value, secondaryPercentage: 100, secondaryKeyword: 'x' }))))
        .toContainEqual(['primaryPercentage', 'Primary percentage must be greater than zero']);
    }
  });

  it.each([
    ['secondary', 'Secondary keyword is required'],
    ['branded', 'Branded keyword is required'],
    ['generic', 'Generic keyword is required'],
  ])("requires the %s keyword only when its percentage is not zero: '%s'", (type, message) => {
    expect(LinkSetKeywordsSchema.safeParse(keywords({ [`${type}Percentage`]: 0, [`${type}Keyword`]: '' })).success).toBe(true);
    expect(messages(LinkSetKeywordsSchema.safeParse(keywords({ primaryPercentage: 90, [`${type}Percentage`]: 10 }))))
      .toEqual([[`${type}Keyword`, message]]);
  });

  it('needs no keyword for naked URLs', () => {
    expect(LinkSetKeywordsSchema.safeParse(keywords({ primaryPercentage: 50, nakedUrlPercentage: 50 })).success).toBe(true);
  });

  it('reports every keyword problem at once, even with a bad percentage', () => {
    expect(messages(LinkSetKeywordsSchema.safeParse(keywords({
      primaryKeyword: '', primaryPercentage: 0, secondaryPercentage: 50, genericPercentage: 50,
    })))).toEqual([
      ['primaryPercentage', 'Primary percentage must be greater than zero'],
      ['primaryKeyword', 'Primary keyword is required'],
      ['secondaryKeyword', 'Secondary keyword is required'],
      ['genericKeyword', 'Generic keyword is required'],
    ]);
  });

  it('checks no keyword text while useKeyword is off, but still the percentages', () => {
    expect(LinkSetKeywordsSchema.safeParse(keywords({ useKeyword: false, primaryKeyword: '', primaryPercentage: 50, secondaryPercentage: 50 })).success).toBe(true);
    expect(messages(LinkSetKeywordsSchema.safeParse(keywords({ useKeyword: false, primaryPercentage: 0, secondaryPercentage: 100 }))))
      .toEqual([['primaryPercentage', 'Primary percentage must be greater than zero']]);
  });

  it('requires the percentages to total 100', () => {
    expect(messages(LinkSetKeywordsSchema.safeParse(keywords({ primaryPercentage: 90 })))).toEqual([['primaryPercentage', 'The percentages must total 100']]);
    expect(messages(LinkSetKeywordsSchema.safeParse(keywords({ primaryPercentage: 60, nakedUrlPercentage: 60 })))).toEqual([['primaryPercentage', 'The percentages must total 100']]);
    expect(messages(LinkSetKeywordsSchema.safeParse(keywords({ primaryPercentage: 60, linkAnchorPercentage: 60 })))).toEqual([['primaryPercentage', 'The percentages must total 100']]);
  });

  it("takes the link's own anchor (target's title) as a sixth share, 0 when left out; with it primary may be 0 and its keyword empty", () => {
    expect(LinkSetKeywordsSchema.parse(keywords({})).linkAnchorPercentage).toBe(0);
    expect(LinkSetKeywordsSchema.safeParse(keywords({ primaryPercentage: 60, linkAnchorPercentage: 40 })).success).toBe(true);
    expect(LinkSetKeywordsSchema.safeParse(keywords({ primaryKeyword: '', primaryPercentage: 0, nakedUrlPercentage: 50, linkAnchorPercentage: 50 })).success).toBe(true);
    expect(messages(LinkSetKeywordsSchema.safeParse(keywords({ primaryPercentage: 0, nakedUrlPercentage: 100 }))))
      .toEqual([['primaryPercentage', 'Primary percentage must be greater than zero']]);
  });

  it('keeps each other percentage a whole number from 0 to 100', () => {
    expect(messages(LinkSetKeywordsSchema.safeParse(keywords({ nakedUrlPercentage: -1, primaryPercentage: 100 }))))
      .toContainEqual(['nakedUrlPercentage', 'Must be a number between 0 and 100']);
    expect(messages(LinkSetKeywordsSchema.safeParse(keywords({ nakedUrlPercentage: 101, primaryPercentage: 1 }))))
      .toContainEqual(['nakedUrlPercentage', 'Must be a number between 0 and 100']);
  });
});

describe('link schemas', () => {
  it("one link: 'Please enter the url' and 'Please enter the anchor'", () => {
    expect(messages(UrlItemInputSchema.safeParse({ url: ' ', anchor: '' }))).toEqual([['url', 'Please enter the url'], ['anchor', 'Please enter the anchor']]);
    expect(messages(UrlItemInputSchema.safeParse({}))).toEqual([['url', 'Please enter the url'], ['anchor', 'Please enter the anchor']]);
    expect(messages(UrlItemInputSchema.safeParse({ url: 'example.com', anchor: 'a' }))).toEqual([['url', 'The url must start with http://, https:// or www.']]);
    expect(UrlItemInputSchema.parse({ url: ' https://a.test ', anchor: ' A ', linksOnPage: null })).toEqual({ url: 'https://a.test', anchor: 'A', linksOnPage: null });
    expect(messages(UrlItemInputSchema.safeParse({ url: 'https://a.test', anchor: 'a', linksOnPage: 1.5 })))
      .toEqual([['linksOnPage', 'Links on page must be a whole number from 0 to 1000000']]);
  });

  it("batch: 'Please enter links'", () => {
    expect(messages(UrlItemBatchSchema.safeParse({ links: ' \r\n ' }))).toEqual([['links', 'Please enter links']]);
    expect(messages(UrlItemBatchSchema.safeParse({}))).toEqual([['links', 'Please enter links']]);
  });

  it('list query: defaults, coercion and limits', () => {
    expect(UrlItemListQuerySchema.parse({})).toEqual({ page: 1, pageSize: 100, sort: 'id', order: 'asc' });
    expect(UrlItemListQuerySchema.parse({ page: '5000', pageSize: '50', sort: 'dateAdded', order: 'desc', url: 'x' }))
      .toEqual({ page: 5000, pageSize: 50, sort: 'dateAdded', order: 'desc', url: 'x' });
    expect(UrlItemListQuerySchema.safeParse({ sort: 'password' }).success).toBe(false);
    expect(UrlItemListQuerySchema.safeParse({ pageSize: '5000' }).success).toBe(false);
    expect(UrlItemListQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });

  it('export of several link sets: ids required, fullInfo defaults to false', () => {
    expect(UrlListsExportSchema.parse({ ids: [1, 2] })).toEqual({ ids: [1, 2], fullInfo: false });
    expect(UrlListsExportSchema.safeParse({ ids: [] }).success).toBe(false);
  });
});
