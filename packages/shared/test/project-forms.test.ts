import { afterAll, describe, expect, it } from 'vitest';
import {
  AccountCreationFormSchema, ContentProjectFormSchema, IndexerProjectFormSchema, PROJECT_FORM_MESSAGES as M, PROJECT_TAB_ORDER,
  normalizeTags, problemFor, validateAccountCreationProject, validateAccountTab, validateContentGeneral, validateContentImage,
  validateContentProject, validateContentVideo, validateEmailTab, validateIndexerProject, validateIndexers, validateSites,
  type AccountCreationForm, type ContentProjectForm, type FormProblem,
} from '../src/schemas/project-forms';

/** Every message a validate function returned in this file: at the end each rule message must have been seen. */
const seen = new Set<string>();
const messages = (problems: FormProblem[]) => {
  for (const problem of problems) seen.add(problem.message);
  return problems.map((problem) => problem.message);
};
const fields = (problems: FormProblem[]) => problems.map((problem) => `${problem.tab}.${problem.field}`);

/** A valid form with these fields as given (not parsed: a screen may hold NaN while a number is typed). */
const content = (patch: Partial<ContentProjectForm> = {}): ContentProjectForm => ({
  ...ContentProjectFormSchema.parse({ selectedCampaignId: 1, profileId: 2, urlListId: 3, contentGroupId: 4, linkPlacement: 'Top', tags: 'seo' }),
  ...patch,
});
const account = (patch: Partial<AccountCreationForm> = {}, info: Partial<AccountCreationForm['verificationInfo']> = {}): AccountCreationForm => {
  const base = AccountCreationFormSchema.parse({
    profileId: 1, firstName: 'Ann', lastName: 'Lee', username: 'annlee', password: 'pw', emailSource: 'MANUAL',
    verificationInfo: { emailServer: 'imap.mail.test', emailServerPort: 993, mailProtocol: 'imap', emailAddress: 'a@mail.test', emailLogin: 'a', emailPassword: 'pw' },
  });
  return { ...base, ...patch, verificationInfo: { ...base.verificationInfo, ...info } };
};

describe('the tab order of a save (spec 1 §5)', () => {
  it('checks general, image, video, indexer, then sites (account creation: account, email, sites)', () => {
    expect(PROJECT_TAB_ORDER).toEqual(['account', 'email', 'general', 'image', 'video', 'indexer', 'sites']);
    const everything = ContentProjectFormSchema.parse({ insertImages: true, insertVideos: true, useIndexers: true, keywordsForImage: '', imagePosition: null, videoPosition: null });
    const tabs = validateContentProject('posting', everything, 0).map((problem) => problem.tab);
    expect([...new Set(tabs)]).toEqual(['general', 'image', 'video', 'indexer', 'sites']);
    const order = tabs.map((tab) => PROJECT_TAB_ORDER.indexOf(tab));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const acTabs = validateAccountCreationProject(AccountCreationFormSchema.parse({ emailSource: 'MANUAL' }), 0).map((problem) => problem.tab);
    expect([...new Set(acTabs)]).toEqual(['account', 'email', 'sites']);
  });
});

describe('normalizeTags', () => {
  it('splits at commas, trims, drops empty tags and duplicates (the first kept)', () => {
    expect(normalizeTags(' seo , links,seo,, SEO ,links ')).toBe('seo,links,SEO');
    expect(normalizeTags('')).toBe('');
    expect(normalizeTags(' , ,')).toBe('');
    expect(normalizeTags('one')).toBe('one');
  });
});

describe('posting and private projects: General tab', () => {
  it('accepts a filled-in form', () => {
    expect(validateContentProject('posting', content(), 1)).toEqual([]);
    expect(validateContentProject('private', content({ selectedCampaignId: null }), 1)).toEqual([]);
  });

  it('needs a campaign and an account profile (posting), a private network (private)', () => {
    expect(messages(validateContentGeneral('posting', content({ selectedCampaignId: null, profileId: null })))).toEqual([M.campaignRequired, M.profileRequired]);
    expect(messages(validateContentGeneral('private', content({ profileId: null })))).toEqual([M.privateNetworkRequired]);
    expect(problemFor(validateContentGeneral('private', content({ profileId: null })), 'profileId')).toBe('You need to choose a private network');
  });

  it('needs an output link set different from every input link set', () => {
    expect(messages(validateContentGeneral('posting', content({ urlListId: null })))).toEqual([M.outputRequired]);
    const input = { linkSetId: 3, name: 'In', minLinks: 1, maxLinks: 2, linkProb: 100 };
    expect(messages(validateContentGeneral('posting', content({ useLinkSet: true, linkSetProfiles: [input] })))).toEqual([M.outputIsInput]);
    // Without Insert URLs the input link sets are not used.
    expect(validateContentGeneral('posting', content({ useLinkSet: false, linkSetProfiles: [input] }))).toEqual([]);
  });

  it('needs a content bucket, a link position and tags', () => {
    expect(messages(validateContentGeneral('posting', content({ contentGroupId: null, linkPlacement: null, tags: ' , ' })))).toEqual([
      M.contentGroupRequired, M.linkPlacementRequired, M.tagsRequired,
    ]);
  });

  it('with Insert URLs, needs input link sets, each valid by the link set profile rules', () => {
    expect(messages(validateContentGeneral('posting', content({ useLinkSet: true })))).toEqual([M.inputLinkSetsRequired]);
    const profile = (patch: object) => content({ useLinkSet: true, linkSetProfiles: [{ linkSetId: 9, name: 'Money', minLinks: 1, maxLinks: 2, linkProb: 100, ...patch }] });
    expect(messages(validateContentGeneral('posting', profile({ linkProb: 0 })))).toEqual(['Money: Must be a number between 0 and 100']);
    expect(messages(validateContentGeneral('posting', profile({ minLinks: 4, maxLinks: 3 })))).toEqual(['Money: Max links must be greater or equal to min links']);
    expect(messages(validateContentGeneral('posting', profile({ name: '', maxLinks: 21 })))).toEqual(['Link set #9: Must be a number between 0 and 20']);
    expect(validateContentGeneral('posting', profile({}))).toEqual([]);
  });

  it('takes whole numbers of links from 0 to 20, max at least min', () => {
    expect(validateContentGeneral('posting', content({ minLinks: 0, maxLinks: 20 }))).toEqual([]);
    expect(messages(validateContentGeneral('posting', content({ minLinks: -1, maxLinks: 2.5 })))).toEqual([M.linksInteger, M.linksInteger]);
    expect(messages(validateContentGeneral('posting', content({ minLinks: null, maxLinks: 3 })))).toEqual([M.linksInteger]);
    expect(messages(validateContentGeneral('posting', content({ minLinks: 5, maxLinks: 4 })))).toEqual([M.maxLinksBelowMin]);
    expect(fields(validateContentGeneral('posting', content({ minLinks: 5, maxLinks: 4 })))).toEqual(['general.maxLinks']);
  });
});

describe('posting and private projects: Image and Video tabs', () => {
  it('checks nothing while images or videos are not inserted', () => {
    expect(validateContentImage(content({ insertImages: false, keywordsForImage: '', imagePosition: null }))).toEqual([]);
    expect(validateContentVideo(content({ insertVideos: false, keywordsForVideo: '', videoPosition: null }))).toEqual([]);
  });

  it('needs keywords when searching, otherwise URLs, and a position', () => {
    expect(messages(validateContentImage(content({ insertImages: true, searchForImages: true, keywordsForImage: ' ', imagePosition: null })))).toEqual([
      M.imageKeywordsRequired, M.imagePositionRequired,
    ]);
    expect(messages(validateContentImage(content({ insertImages: true, searchForImages: false, imagesToInsert: '' })))).toEqual([M.imageUrlsRequired]);
    expect(validateContentImage(content({ insertImages: true, searchForImages: false, imagesToInsert: 'https://img.test/a.png' }))).toEqual([]);
    expect(messages(validateContentVideo(content({ insertVideos: true, searchForVideos: true, keywordsForVideo: '', videoPosition: null })))).toEqual([
      M.videoKeywordsRequired, M.videoPositionRequired,
    ]);
    expect(messages(validateContentVideo(content({ insertVideos: true, searchForVideos: false, videosToInsert: ' \n ' })))).toEqual([M.videoUrlsRequired]);
  });

  it('needs counts of at least 0, max at least min', () => {
    const images = (minImage: number | null, maxImage: number | null) => validateContentImage(content({ insertImages: true, keywordsForImage: 'cats', minImage, maxImage }));
    expect(images(0, 0)).toEqual([]);
    expect(messages(images(null, Number.NaN))).toEqual([M.countRequired, M.countRequired]);
    expect(messages(images(-1, 1.5))).toEqual([M.countNotNegative, M.countNotNegative]);
    expect(messages(images(3, 2))).toEqual([M.maxImagesBelowMin]);
    expect(fields(images(null, 2))).toEqual(['image.minImage']);
    const videos = (minVideo: number | null, maxVideo: number | null) => validateContentVideo(content({ insertVideos: true, keywordsForVideo: 'cats', minVideo, maxVideo }));
    expect(messages(videos(2, 1))).toEqual([M.maxVideosBelowMin]);
    expect(messages(videos(null, -2))).toEqual([M.countRequired, M.countNotNegative]);
  });
});

describe('Indexer tab and Sites', () => {
  it('needs a service when Use indexing service is ticked', () => {
    expect(messages(validateIndexers({ useIndexers: true, indexers: [] }))).toEqual([M.indexersRequired]);
    expect(validateIndexers({ useIndexers: true, indexers: ['IndexNow'] })).toEqual([]);
    expect(validateIndexers({ useIndexers: false, indexers: [] })).toEqual([]);
  });

  it('needs at least one ticked site', () => {
    expect(messages(validateSites(0))).toEqual([M.sitesRequired]);
    expect(fields(validateSites(0))).toEqual(['sites.sites']);
    expect(validateSites(1)).toEqual([]);
  });
});

describe('account creation projects', () => {
  it('accepts a filled-in form', () => {
    expect(validateAccountCreationProject(account(), 1)).toEqual([]);
  });

  it('Account tab: profile, first and last name, username, password', () => {
    expect(messages(validateAccountTab(account({ profileId: null, firstName: ' ', lastName: '', username: '', password: '' })))).toEqual([
      M.acProfileRequired, M.firstNameRequired, M.lastNameRequired, M.usernameRequired, M.passwordRequired,
    ]);
    // A password of spaces is a password.
    expect(validateAccountTab(account({ password: '  ' }))).toEqual([]);
  });

  it('Email tab: checked only for source MANUAL', () => {
    const empty = { emailServer: '', emailServerPort: null, mailProtocol: null, emailAddress: '', emailLogin: '', emailPassword: '' };
    expect(messages(validateEmailTab(account({}, empty)))).toEqual([
      M.emailServerRequired, M.emailPortRequired, M.emailProtocolRequired, M.emailAddressRequired, M.emailLoginRequired, M.emailPasswordRequired,
    ]);
    expect(fields(validateEmailTab(account({}, { emailServer: '' })))).toEqual(['email.verificationInfo.emailServer']);
    expect(validateEmailTab(account({ emailSource: 'LIST' }, empty))).toEqual([]);
    expect(validateEmailTab(account({ emailSource: 'LINKLOOM' }, empty))).toEqual([]);
  });

  it('Email tab: a port from 1 to 65535', () => {
    for (const port of [0, 65_536, 99.5]) expect(messages(validateEmailTab(account({}, { emailServerPort: port })))).toEqual([M.emailPortRange]);
    for (const port of [1, 110, 995, 65_535]) expect(validateEmailTab(account({}, { emailServerPort: port }))).toEqual([]);
  });

  it('Email tab: a spam folder name when IMAP checks the spam folder', () => {
    expect(messages(validateEmailTab(account({}, { checkSpamFolder: true, spamFolderName: ' ' })))).toEqual([M.spamFolderRequired]);
    expect(validateEmailTab(account({}, { checkSpamFolder: false, spamFolderName: '' }))).toEqual([]);
    expect(validateEmailTab(account({}, { mailProtocol: 'pop3', checkSpamFolder: true, spamFolderName: '' }))).toEqual([]);
  });

  it('fills the email defaults: port 995, SSL, POP3, folder Spam', () => {
    expect(AccountCreationFormSchema.parse({}).verificationInfo).toMatchObject({ emailServerPort: 995, SSL: true, mailProtocol: 'pop3', spamFolderName: 'Spam', checkSpamFolder: false });
  });

  it('keeps the STARTTLS and self-signed choices; a mailbox stored before them reads both as off', () => {
    const info = { emailServer: 'mail.test', emailServerPort: 143, mailProtocol: 'imap', SSL: false, emailAddress: 'a@mail.test', emailLogin: 'a', emailPassword: 'pw' };
    expect(AccountCreationFormSchema.parse({ verificationInfo: { ...info, startTls: true, allowSelfSigned: true } }).verificationInfo)
      .toMatchObject({ startTls: true, allowSelfSigned: true });
    expect(AccountCreationFormSchema.parse({ verificationInfo: info }).verificationInfo).toMatchObject({ startTls: false, allowSelfSigned: false });
    expect(AccountCreationFormSchema.safeParse({ verificationInfo: { ...info, startTls: 'yes' } }).success).toBe(false);
  });
});

describe('indexer projects', () => {
  it('needs a URL list and a site', () => {
    expect(messages(validateIndexerProject(IndexerProjectFormSchema.parse({}), 0))).toEqual([M.urlListRequired, M.sitesRequired]);
    expect(validateIndexerProject({ linkSetId: 4 }, 2)).toEqual([]);
  });
});

describe('the messages', () => {
  it('are the spec texts', () => {
    expect(M.fixProblems).toBe('Please fix the problems below before continue');
    expect(M.fixAllErrors).toBe('Please fix all the errors below');
    expect(M.saveFailed).toBe('Failed to save the project.');
    expect(M.linkPlacementRequired).toBe('Place select link position');
    expect(M.usernameRequired).toBe('Username is required!');
    expect(M.unknownSites(3)).toBe('3 of the sites sent are not available to this project any more; reload the project and save again');
    expect(M.wrongKind('posting')).toBe('This project is not saved here; it is saved as a posting project');
  });

  afterAll(() => {
    // Every rule message has been returned by a validate function above (the screens' own texts are checked as texts).
    const screenTexts = ['fixProblems', 'fixAllErrors', 'saveFailed'];
    const ruleMessages = Object.entries(M).filter(([key, value]) => typeof value === 'string' && !screenTexts.includes(key)).map(([, value]) => value);
    expect(ruleMessages.filter((message) => !seen.has(message as string))).toEqual([]);
  });
});
