import { describe, expect, it } from 'vitest';
import {
  WIZARD_MESSAGES as M, WizardSchema, defaultWizardStartDate, newWizardLinkSet, tierKey, wizardCopyName, wizardTiers, type Wizard,
} from '../src/schemas/wizard';
import { checkWizard, checkWizardTab, WIZARD_CHECK_ORDER } from '../src/schemas/wizard-steps';

/** A wizard of `depth` tiers that passes every tab. */
function validWizard(depth = 2): Wizard {
  const w = wizardTiers(WizardSchema.parse({ name: 'W', campaignName: 'C', startDate: '01/01/2030 10:00', strategy: { id: 1, strategy: '{"cells":[]}' } }), depth);
  return {
    ...w,
    linksAndKeywords: w.linksAndKeywords.map((t, i) => ({
      ...t, tags: 'seo, links',
      linkSets: i === 0 ? [{ ...newWizardLinkSet(), urls: 'https://money.example/\nhttps://money.example/a', primaryKeyword: 'shoes' }] : [],
    })),
    content: w.content.map((t) => ({ ...t, contentGroupId: 7 })),
    projects: [
      { id: 'a', parentId: null, name: 'A', module: 'Wiki', premium: false, createNewAccount: true, numberOfPosts: null, profileName: 'A', group: 'Standard', profileId: null, tier: 1 },
      { id: 'b', parentId: 'a', name: 'B', module: 'Private', premium: false, createNewAccount: false, numberOfPosts: 0, profileName: '', group: 'PBN', profileId: 3, tier: 2 },
    ],
  };
}
const messages = (w: Wizard, tab: Parameters<typeof checkWizardTab>[1], requireName = false) => checkWizardTab(w, tab, requireName).map((p) => [p.field, p.message]);

describe('wizard model defaults (spec 2 §3, §4, §9)', () => {
  it('has the spec defaults', () => {
    const w = WizardSchema.parse({});
    expect(w.nDay).toBe(1);
    expect(w.startDate).toBeNull();
    expect(w.emailSource).toBe('LINKLOOM');
    expect(w.emailAccount).toMatchObject({ emailServerPort: 995, SSL: true, mailProtocol: 'pop3', checkSpamFolder: false });
    const set = newWizardLinkSet();
    expect([set.primaryPercentage, set.secondaryPercentage, set.brandedPercentage, set.genericPercentage, set.nakedUrlPercentage]).toEqual([100, 0, 0, 0, 0]);
    const tiers = wizardTiers(w, 3);
    expect(tiers.content[0]).toMatchObject({ minImage: 1, maxImage: 1, imagePosition: 'Random', minVideo: 1, maxVideo: 1, videoPosition: 'Random' });
    expect(tiers.linksAndKeywords.map((t) => t.linkSets.length)).toEqual([1, 0, 0]);
    expect(tiers.linksAndKeywords[0]).toMatchObject({ minLinks: 1, maxLinks: 3, linkPosition: 'ReplaceKeyword' });
    expect(tiers.tierSiteSelection.map((t) => t.type)).toEqual([1, 1, 1]);
    expect(tierKey(2)).toBe('tier2');
    expect(wizardCopyName('Mine')).toBe('Mine Copy');
  });
  it('starts 30 minutes from now (UTC wire format)', () => {
    expect(defaultWizardStartDate(new Date(Date.UTC(2026, 0, 31, 23, 45)))).toBe('01/02/2026 00:15');
  });
  it('keeps tiers already filled when the depth grows and drops the extra ones when it shrinks', () => {
    const w = validWizard(2);
    expect(wizardTiers(w, 3).content[0]?.contentGroupId).toBe(7);
    expect(wizardTiers(w, 3).content[2]?.contentGroupId).toBeNull();
    expect(wizardTiers(w, 1).content).toHaveLength(1);
  });
  it('refuses what is not a wizard shape', () => {
    expect(WizardSchema.safeParse({ tierSiteSelection: [{ type: 4 }] }).success).toBe(false);
    expect(WizardSchema.safeParse({ emailSource: 'POP' }).success).toBe(false);
    expect(WizardSchema.safeParse({ name: 'a\u0000b' }).success).toBe(false);
  });
});

describe('step schemas', () => {
  it('a valid wizard passes every tab', () => {
    const w = validWizard();
    for (const tab of WIZARD_CHECK_ORDER) expect(checkWizardTab(w, tab)).toEqual([]);
    expect(checkWizard(w)).toEqual({ ok: true });
  });

  it('Strategy: a strategy is required', () => {
    expect(messages({ ...validWizard(), strategy: null }, 'strategy')).toEqual([['strategy', M.strategyRequired]]);
  });

  it('Sites: a site selection profile for type 2', () => {
    const w = validWizard();
    w.tierSiteSelection[1] = { type: 2, selectedSites: [], siteSelectionId: null };
    expect(messages(w, 'sites')).toEqual([['tierSiteSelection.1.siteSelectionId', M.siteSelectionRequired]]);
    w.tierSiteSelection[1] = { type: 2, selectedSites: [], siteSelectionId: 4 };
    expect(messages(w, 'sites')).toEqual([]);
  });

  it('Links & Keywords: counts, position, tags', () => {
    const w = validWizard();
    const t = w.linksAndKeywords[1]!;
    w.linksAndKeywords[1] = { ...t, minLinks: 21, maxLinks: null, linkPosition: null, tags: ' , ,' };
    expect(messages(w, 'linksAndKeywords')).toEqual([
      ['linksAndKeywords.1.minLinks', M.linksRange], ['linksAndKeywords.1.maxLinks', M.linksRequired],
      ['linksAndKeywords.1.linkPosition', M.linkPositionRequired], ['linksAndKeywords.1.tags', M.tagsRequired],
    ]);
    w.linksAndKeywords[1] = { ...t, minLinks: 5, maxLinks: 2 };
    expect(messages(w, 'linksAndKeywords')).toEqual([['linksAndKeywords.1.maxLinks', M.maxBelowMin]]);
    w.linksAndKeywords[1] = { ...t, minLinks: 1.5, maxLinks: 2 };
    expect(messages(w, 'linksAndKeywords')).toEqual([['linksAndKeywords.1.minLinks', M.linksRange]]);
  });

  it('Links & Keywords: tier 1 link sets (URLs, keywords, percentages)', () => {
    const w = validWizard();
    const set = { ...newWizardLinkSet(), primaryPercentage: 0, secondaryPercentage: 50, brandedPercentage: 0, genericPercentage: 25, nakedUrlPercentage: 25 };
    w.linksAndKeywords[0] = { ...w.linksAndKeywords[0]!, linkSets: [set] };
    expect(messages(w, 'linksAndKeywords')).toEqual([
      ['linksAndKeywords.0.linkSets.0.urls', M.urlsRequired],
      ['linksAndKeywords.0.linkSets.0.primaryKeyword', M.primaryKeywordRequired],
      ['linksAndKeywords.0.linkSets.0.primaryPercentage', M.primaryPercentage],
      ['linksAndKeywords.0.linkSets.0.secondaryKeyword', M.keywordRequired('Secondary')],
      ['linksAndKeywords.0.linkSets.0.genericKeyword', M.keywordRequired('Generic')],
    ]);
    w.linksAndKeywords[0] = { ...w.linksAndKeywords[0]!, linkSets: [{ ...set, urls: 'https://a.example/', primaryKeyword: 'k', primaryPercentage: 10, secondaryKeyword: 's', genericKeyword: 'g' }] };
    expect(messages(w, 'linksAndKeywords')).toEqual([['linksAndKeywords.0.linkSets.0.primaryPercentage', M.percentagesTotal]]);
    w.linksAndKeywords[0] = { ...w.linksAndKeywords[0]!, linkSets: [] };
    expect(messages(w, 'linksAndKeywords')).toEqual([['linksAndKeywords.0.linkSets', M.linkSetRequired]]);
  });

  it('Content: content group, images and videos', () => {
    const w = validWizard();
    w.content[0] = { ...w.content[0]!, contentGroupId: null, insertImages: true, keywordsForImage: ' ', minImage: -1, imagePosition: null };
    w.content[1] = { ...w.content[1]!, insertVideos: true, searchForVideos: false, videosToInsert: '', maxVideo: null };
    expect(messages(w, 'content')).toEqual([
      ['content.0.contentGroupId', M.contentGroupRequired], ['content.0.keywordsForImage', M.imageKeywordsRequired],
      ['content.0.minImage', M.countNotNegative], ['content.0.imagePosition', M.imagePositionRequired],
      ['content.1.videosToInsert', M.videoUrlsRequired], ['content.1.maxVideo', M.countNotNegative],
    ]);
    w.content[0] = { ...w.content[0]!, contentGroupId: 1, insertImages: true, searchForImages: false, imagesToInsert: '', minImage: 0, imagePosition: 'Top' };
    w.content[1] = { ...w.content[1]!, insertVideos: true, searchForVideos: true, keywordsForVideo: '', maxVideo: 1, videoPosition: null };
    expect(messages(w, 'content')).toEqual([
      ['content.0.imagesToInsert', M.imageUrlsRequired], ['content.1.keywordsForVideo', M.videoKeywordsRequired], ['content.1.videoPosition', M.videoPositionRequired],
    ]);
  });

  it('Accounts: existing profile, private network, number of posts (0 = unlimited)', () => {
    const w = validWizard();
    w.projects[0] = { ...w.projects[0]!, createNewAccount: false };
    w.projects[1] = { ...w.projects[1]!, profileId: null, numberOfPosts: null };
    expect(messages(w, 'accounts')).toEqual([
      ['projects.0.profileId', M.profileRequired], ['projects.1.profileId', M.privateNetworkRequired], ['projects.1.numberOfPosts', M.numberOfPostsRequired],
    ]);
    w.projects[1] = { ...w.projects[1]!, profileId: 2, numberOfPosts: -1 };
    expect(checkWizardTab(w, 'accounts').map((p) => [p.tier, p.message])).toEqual([[1, M.profileRequired], [2, M.numberOfPostsRange]]);
    w.projects[0] = { ...w.projects[0]!, profileId: 9 };
    w.projects[1] = { ...w.projects[1]!, numberOfPosts: 0 };
    expect(messages(w, 'accounts')).toEqual([]);
  });

  it('Emails: only the Manual source is checked; the spam folder only for IMAP with the box ticked', () => {
    const w = validWizard();
    expect(messages(w, 'emails')).toEqual([]);
    w.emailSource = 'MANUAL';
    w.emailAccount = { ...w.emailAccount, emailServerPort: null, mailProtocol: null };
    expect(messages(w, 'emails').map(([, m]) => m)).toEqual([
      M.emailServerRequired, M.emailPortRequired, M.emailProtocolRequired, M.emailAddressRequired, M.emailLoginRequired, M.emailPasswordRequired,
    ]);
    w.emailAccount = {
      ...w.emailAccount, emailServer: 'imap.example', emailServerPort: 993, mailProtocol: 'imap', emailAddress: 'a@b.example',
      emailLogin: 'a', emailPassword: 'p', checkSpamFolder: true, spamFolderName: ' ',
    };
    expect(messages(w, 'emails')).toEqual([['emailAccount.spamFolderName', M.spamFolderRequired]]);
    w.emailAccount = { ...w.emailAccount, mailProtocol: 'pop3', emailServerPort: 70000 };
    expect(messages(w, 'emails')).toEqual([['emailAccount.emailServerPort', M.emailPortRange]]);
  });

  it('Indexer: a ticked tier needs a service', () => {
    const w = validWizard();
    w.indexer[1] = { useIndexers: true, indexers: [] };
    expect(messages(w, 'indexer')).toEqual([['indexer.1.indexers', M.indexersRequired]]);
    w.indexer[1] = { useIndexers: true, indexers: ['IndexNow'] };
    expect(messages(w, 'indexer')).toEqual([]);
  });

  it('Schedule: date, time and days', () => {
    expect(messages({ ...validWizard(), startDate: null, nDay: null }, 'schedule')).toEqual([
      ['startDate', M.startDateRequired], ['startTime', M.startTimeRequired], ['nDay', M.nDayRequired],
    ]);
    expect(messages({ ...validWizard(), startDate: '01/01/2030', nDay: 0 }, 'schedule')).toEqual([['startTime', M.startTimeRequired], ['nDay', M.nDayPositive]]);
    expect(messages({ ...validWizard(), nDay: 1.5 }, 'schedule')).toEqual([['nDay', M.nDayPositive]]);
    // Start now (issue 35) asks for no date.
    expect(messages({ ...validWizard(), startNow: true, startDate: null }, 'schedule')).toEqual([]);
  });

  it('Confirm: campaign name; wizard name when saved or edited', () => {
    const w = { ...validWizard(), campaignName: ' ', name: '' };
    expect(messages(w, 'confirm')).toEqual([['campaignName', M.campaignNameRequired]]);
    expect(messages({ ...w, saveWizard: true }, 'confirm')).toEqual([['campaignName', M.campaignNameRequired], ['name', M.confirmWizardNameRequired]]);
    expect(messages(w, 'confirm', true)).toContainEqual(['name', M.confirmWizardNameRequired]);
  });
});

describe('checkWizard (Create Campaign)', () => {
  it('stops at the first failing tab in the spec order and opens its first failing tier', () => {
    const w = validWizard(3);
    w.content[2] = { ...w.content[2]!, contentGroupId: null };
    w.linksAndKeywords[2] = { ...w.linksAndKeywords[2]!, tags: '' };
    w.linksAndKeywords[1] = { ...w.linksAndKeywords[1]!, tags: '' };
    const result = checkWizard(w);
    expect(result).toMatchObject({ ok: false, tab: 'linksAndKeywords', tier: 2, toast: M.fixProblems });
    if (!result.ok) expect(result.problems.map((p) => p.tier)).toEqual([2, 3]);
  });
  it('uses the "Fixed" toast on the schedule and confirm tabs', () => {
    expect(checkWizard({ ...validWizard(), nDay: 0 })).toMatchObject({ ok: false, tab: 'schedule', tier: null, toast: M.fixedProblems });
    expect(checkWizard({ ...validWizard(), name: '' }, { requireWizardName: true })).toMatchObject({ ok: false, tab: 'confirm', toast: M.fixedProblems });
  });
});
