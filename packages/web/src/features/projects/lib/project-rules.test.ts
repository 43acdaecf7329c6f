import { describe, expect, it, vi } from 'vitest';
import type { FormInstance, FormRule } from 'antd';
import { EMAIL_DEFAULTS, PROJECT_FORM_MESSAGES as M, LINK_SET_PROFILE_MESSAGES } from '@linkloom/shared';
import {
  accountCreationValues, accountRule, contentValues, emailRule, generalRule, indexerProjectRule, indexerValues, indexersRule, mediaRule, projectRule,
} from './project-rules';

/** Runs one rule as Ant Design does, against a form holding `values`; the message, or null when the field is fine. */
async function messageOf(rule: FormRule, values: unknown): Promise<string | null> {
  if (typeof rule !== 'function') throw new Error('project rules read the whole form');
  const getFieldsValue = vi.fn(() => values);
  const object = rule({ getFieldsValue } as unknown as FormInstance);
  try {
    await object.validator?.(object, undefined, () => undefined);
    return null;
  } finally {
    // The whole store, fields of other tabs and unregistered ones included.
    expect(getFieldsValue).toHaveBeenCalledWith(true);
  }
}

async function problem(rule: FormRule, values: unknown): Promise<string | null> {
  return messageOf(rule, values).catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
}

/** A posting project form that breaks no rule, as the page's form holds it. */
const postingForm = {
  ...contentValues({}),
  selectedCampaignId: 1,
  profileId: 2,
  urlListId: 3,
  contentGroupId: 4,
  linkPlacement: 'Top',
  tags: 'garden, tools',
};

const accountForm = {
  ...accountCreationValues({}),
  profileId: 7,
  firstName: 'Ann',
  lastName: 'Lee',
  username: 'annlee',
  password: 'secret',
};

const manualEmail = {
  ...accountForm,
  emailSource: 'MANUAL',
  verificationInfo: {
    ...accountForm.verificationInfo,
    emailServer: 'imap.example.com',
    emailAddress: 'ann@example.com',
    emailLogin: 'ann',
    emailPassword: 'pw',
  },
};

describe('contentValues', () => {
  it('gives the schema defaults for missing fields', () => {
    const values = contentValues(undefined);
    expect(values).toMatchObject({ profileId: null, minLinks: 1, maxLinks: 3, outputAnchor: 'Title', tags: '', linkSetProfiles: [], imagePosition: 'Random', spinArticles: true, republishDeadPosts: false });
    // A saved "do not spin" stays off.
    expect(contentValues({ spinArticles: false }).spinArticles).toBe(false);
    // Re-publishing dead posts (issue 18.2) is off until asked for, and a saved "on" stays on.
    expect(contentValues({ republishDeadPosts: true }).republishDeadPosts).toBe(true);
  });

  it('reads a cleared control as empty, so the rule says it is required', () => {
    const values = contentValues({ ...postingForm, imagePosition: undefined, minLinks: undefined, urlListId: undefined });
    expect(values.imagePosition).toBeNull();
    expect(values.minLinks).toBeNull();
    expect(values.urlListId).toBeNull();
  });

  it('reads values of the wrong shape as empty, and keeps text over its length limit', () => {
    const values = contentValues({ ...postingForm, maxLinks: Number.NaN, linkPlacement: 'Sideways', tags: 'x'.repeat(20_000) });
    expect(values.maxLinks).toBeNull();
    expect(values.linkPlacement).toBeNull();
    expect(values.tags).toHaveLength(20_000);
  });

  it('keeps every link set profile, half-filled ones too', () => {
    const values = contentValues({ ...postingForm, linkSetProfiles: [{ linkSetId: 5, minLinks: null, maxLinks: 2, linkProb: 50 }] });
    expect(values.linkSetProfiles).toEqual([{ linkSetId: 5, name: '', minLinks: null, maxLinks: 2, linkProb: 50 }]);
  });
});

describe('accountCreationValues and indexerValues', () => {
  it('fills the verification mailbox with its defaults', () => {
    const values = accountCreationValues({ firstName: 'Ann', verificationInfo: { emailServer: 'mail.example.com' } });
    expect(values.firstName).toBe('Ann');
    expect(values.emailSource).toBe('LINKLOOM');
    expect(values.verificationInfo).toMatchObject({ emailServer: 'mail.example.com', emailServerPort: EMAIL_DEFAULTS.emailServerPort, SSL: true, mailProtocol: 'pop3' });
  });

  it('reads a missing or cleared URL list as none', () => {
    expect(indexerValues({})).toEqual({ linkSetId: null });
    expect(indexerValues({ linkSetId: undefined })).toEqual({ linkSetId: null });
    expect(indexerValues({ linkSetId: 9 })).toEqual({ linkSetId: 9 });
  });
});

describe('projectRule', () => {
  it("reports the validator's first problem for its own field only", async () => {
    const validate = () => [
      { tab: 'general' as const, field: 'tags', message: 'first' },
      { tab: 'general' as const, field: 'tags', message: 'second' },
    ];
    expect(await problem(projectRule(validate, 'tags'), {})).toBe('first');
    expect(await problem(projectRule(validate, 'urlListId'), {})).toBeNull();
  });
});

describe('General tab rules', () => {
  it('pass a valid posting form', async () => {
    for (const field of ['selectedCampaignId', 'profileId', 'urlListId', 'contentGroupId', 'linkSetProfiles', 'linkPlacement', 'minLinks', 'maxLinks', 'tags']) {
      expect(await problem(generalRule('posting', field), postingForm)).toBeNull();
    }
  });

  it('name the campaign and account profile of a posting project, the private network of a private one', async () => {
    const empty = { ...postingForm, selectedCampaignId: null, profileId: undefined };
    expect(await problem(generalRule('posting', 'selectedCampaignId'), empty)).toBe(M.campaignRequired);
    expect(await problem(generalRule('posting', 'profileId'), empty)).toBe(M.profileRequired);
    expect(await problem(generalRule('private', 'profileId'), empty)).toBe(M.privateNetworkRequired);
    expect(await problem(generalRule('private', 'selectedCampaignId'), empty)).toBeNull();
  });

  it('require the output link set and content bucket', async () => {
    const empty = { ...postingForm, urlListId: null, contentGroupId: null };
    expect(await problem(generalRule('posting', 'urlListId'), empty)).toBe(M.outputRequired);
    expect(await problem(generalRule('posting', 'contentGroupId'), empty)).toBe(M.contentGroupRequired);
  });

  it('report input link sets on the table and an output used as input on the output select', async () => {
    const inserting = { ...postingForm, useLinkSet: true };
    expect(await problem(generalRule('posting', 'linkSetProfiles'), inserting)).toBe(M.inputLinkSetsRequired);
    const sameAsOutput = { ...inserting, linkSetProfiles: [{ linkSetId: 3, name: 'Money', minLinks: 1, maxLinks: 3, linkProb: 100 }] };
    expect(await problem(generalRule('posting', 'urlListId'), sameAsOutput)).toBe(M.outputIsInput);
    expect(await problem(generalRule('posting', 'linkSetProfiles'), sameAsOutput)).toBeNull();
    // Not inserting URLs: the profiles are kept but not judged.
    expect(await problem(generalRule('posting', 'urlListId'), { ...sameAsOutput, useLinkSet: false })).toBeNull();
    const broken = { ...inserting, linkSetProfiles: [{ linkSetId: 8, name: 'Tier 2', minLinks: 5, maxLinks: 2, linkProb: 100 }] };
    expect(await problem(generalRule('posting', 'linkSetProfiles'), broken)).toBe(`Tier 2: ${LINK_SET_PROFILE_MESSAGES.maxBelowMin}`);
  });

  it('require the link position and tags (blank after normalising is empty)', async () => {
    expect(await problem(generalRule('posting', 'linkPlacement'), { ...postingForm, linkPlacement: undefined })).toBe(M.linkPlacementRequired);
    expect(await problem(generalRule('posting', 'tags'), { ...postingForm, tags: ' , ,' })).toBe(M.tagsRequired);
  });

  it('check min and max links, max against min', async () => {
    expect(await problem(generalRule('posting', 'minLinks'), { ...postingForm, minLinks: null })).toBe(M.linksInteger);
    expect(await problem(generalRule('posting', 'maxLinks'), { ...postingForm, maxLinks: 21 })).toBe(M.linksInteger);
    expect(await problem(generalRule('posting', 'maxLinks'), { ...postingForm, minLinks: 4, maxLinks: 2 })).toBe(M.maxLinksBelowMin);
    expect(await problem(generalRule('posting', 'minLinks'), { ...postingForm, minLinks: 4, maxLinks: 2 })).toBeNull();
  });
});

describe('Image and Video tab rules', () => {
  it('judge nothing while the media are not inserted', async () => {
    expect(await problem(mediaRule('image', 'keywordsForImage'), { ...postingForm, insertImages: false })).toBeNull();
    expect(await problem(mediaRule('video', 'keywordsForVideo'), { ...postingForm, insertVideos: false })).toBeNull();
  });

  it('require keywords when searching, URLs otherwise', async () => {
    const images = { ...postingForm, insertImages: true };
    expect(await problem(mediaRule('image', 'keywordsForImage'), images)).toBe(M.imageKeywordsRequired);
    expect(await problem(mediaRule('image', 'imagesToInsert'), images)).toBeNull();
    expect(await problem(mediaRule('image', 'imagesToInsert'), { ...images, searchForImages: false })).toBe(M.imageUrlsRequired);
    const videos = { ...postingForm, insertVideos: true };
    expect(await problem(mediaRule('video', 'keywordsForVideo'), videos)).toBe(M.videoKeywordsRequired);
    expect(await problem(mediaRule('video', 'videosToInsert'), { ...videos, searchForVideos: false })).toBe(M.videoUrlsRequired);
  });

  it('check the counts and the position', async () => {
    const images = { ...postingForm, insertImages: true, keywordsForImage: 'garden' };
    expect(await problem(mediaRule('image', 'minImage'), { ...images, minImage: null })).toBe(M.countRequired);
    expect(await problem(mediaRule('image', 'maxImage'), { ...images, maxImage: -1 })).toBe(M.countNotNegative);
    expect(await problem(mediaRule('image', 'maxImage'), { ...images, minImage: 3, maxImage: 1 })).toBe(M.maxImagesBelowMin);
    expect(await problem(mediaRule('image', 'imagePosition'), { ...images, imagePosition: undefined })).toBe(M.imagePositionRequired);
    const videos = { ...postingForm, insertVideos: true, keywordsForVideo: 'garden' };
    expect(await problem(mediaRule('video', 'maxVideo'), { ...videos, minVideo: 2, maxVideo: 0 })).toBe(M.maxVideosBelowMin);
    expect(await problem(mediaRule('video', 'videoPosition'), { ...videos, videoPosition: null })).toBe(M.videoPositionRequired);
    expect(await problem(mediaRule('video', 'minVideo'), videos)).toBeNull();
  });
});

describe('Indexer tab rule', () => {
  it('wants a service only when indexing is on', async () => {
    expect(await problem(indexersRule('indexers'), { ...postingForm, useIndexers: true, indexers: [] })).toBe(M.indexersRequired);
    expect(await problem(indexersRule('indexers'), { ...postingForm, useIndexers: true, indexers: ['IndexNow'] })).toBeNull();
    expect(await problem(indexersRule('indexers'), { ...postingForm, useIndexers: false, indexers: [] })).toBeNull();
  });
});

describe('Account tab rules', () => {
  it('report each required field on itself', async () => {
    const empty = { ...accountForm, profileId: undefined, firstName: ' ', lastName: '', username: '', password: '' };
    expect(await problem(accountRule('profileId'), empty)).toBe(M.acProfileRequired);
    expect(await problem(accountRule('firstName'), empty)).toBe(M.firstNameRequired);
    expect(await problem(accountRule('lastName'), empty)).toBe(M.lastNameRequired);
    expect(await problem(accountRule('username'), empty)).toBe(M.usernameRequired);
    expect(await problem(accountRule('password'), empty)).toBe(M.passwordRequired);
    expect(await problem(accountRule('blogTitle'), empty)).toBeNull();
    expect(await problem(accountRule('firstName'), accountForm)).toBeNull();
  });
});

describe('Email tab rules', () => {
  it('judge the mailbox only for a Manual source', async () => {
    const blank = { ...manualEmail, verificationInfo: { ...manualEmail.verificationInfo, emailServer: '' } };
    expect(await problem(emailRule('verificationInfo.emailServer'), blank)).toBe(M.emailServerRequired);
    expect(await problem(emailRule('verificationInfo.emailServer'), { ...blank, emailSource: 'LIST' })).toBeNull();
    expect(await problem(emailRule('verificationInfo.emailServer'), { ...blank, emailSource: 'LINKLOOM' })).toBeNull();
  });

  it('report every mailbox field on its nested name', async () => {
    const empty = {
      ...manualEmail,
      verificationInfo: { ...manualEmail.verificationInfo, emailServerPort: null, mailProtocol: undefined, emailAddress: '', emailLogin: ' ', emailPassword: '' },
    };
    expect(await problem(emailRule('verificationInfo.emailServerPort'), empty)).toBe(M.emailPortRequired);
    expect(await problem(emailRule('verificationInfo.mailProtocol'), empty)).toBe(M.emailProtocolRequired);
    expect(await problem(emailRule('verificationInfo.emailAddress'), empty)).toBe(M.emailAddressRequired);
    expect(await problem(emailRule('verificationInfo.emailLogin'), empty)).toBe(M.emailLoginRequired);
    expect(await problem(emailRule('verificationInfo.emailPassword'), empty)).toBe(M.emailPasswordRequired);
    const farPort = { ...manualEmail, verificationInfo: { ...manualEmail.verificationInfo, emailServerPort: 70_000 } };
    expect(await problem(emailRule('verificationInfo.emailServerPort'), farPort)).toBe(M.emailPortRange);
    expect(await problem(emailRule('verificationInfo.emailServer'), manualEmail)).toBeNull();
  });

  it('want a spam folder name only for IMAP with the spam folder checked', async () => {
    const noName = (mailProtocol: string, checkSpamFolder: boolean) => ({
      ...manualEmail, verificationInfo: { ...manualEmail.verificationInfo, mailProtocol, checkSpamFolder, spamFolderName: '' },
    });
    const rule = emailRule('verificationInfo.spamFolderName');
    expect(await problem(rule, noName('imap', true))).toBe(M.spamFolderRequired);
    expect(await problem(rule, noName('imap', false))).toBeNull();
    expect(await problem(rule, noName('pop3', true))).toBeNull();
  });
});

describe('Indexer project rule', () => {
  it('requires the URL list', async () => {
    expect(await problem(indexerProjectRule('linkSetId'), { linkSetId: undefined })).toBe(M.urlListRequired);
    expect(await problem(indexerProjectRule('linkSetId'), {})).toBe(M.urlListRequired);
    expect(await problem(indexerProjectRule('linkSetId'), { linkSetId: 4 })).toBeNull();
  });
});

describe('required markers of project rules', () => {
  const requiredOf = (rule: FormRule, values: unknown): boolean => {
    if (typeof rule !== 'function') throw new Error('project rules read the whole form');
    return rule({ getFieldsValue: () => values } as unknown as FormInstance).required === true;
  };

  it('mark a field the tab refuses empty, judged on the other values (dotted fields too)', () => {
    expect(requiredOf(indexerProjectRule('linkSetId'), {})).toBe(true);
    const spam = (mailProtocol: string, checkSpamFolder: boolean) => ({
      ...manualEmail, verificationInfo: { ...manualEmail.verificationInfo, mailProtocol, checkSpamFolder },
    });
    expect(requiredOf(emailRule('verificationInfo.spamFolderName'), spam('imap', true))).toBe(true);
    expect(requiredOf(emailRule('verificationInfo.spamFolderName'), spam('imap', false))).toBe(false);
  });
});
