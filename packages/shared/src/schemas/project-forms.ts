import { z } from 'zod';
import {
  EMAIL_DEFAULTS, EMAIL_PROTOCOLS, EMAIL_SOURCES, INDEXING_SERVICES, LINK_PLACEMENTS, OUTPUT_ANCHORS, optionValues,
} from '../constants/project-options';
import { LinkSetProfileSchema, LINK_SET_PROFILE_MESSAGES } from './link-set-profiles';
import { PLAIN_TEXT_RULE } from './common';
import { isPlainText } from '../domain/plain-text';
import { MEDIA_FIELDS } from './media-fields';

/**
 * The project forms of spec 1 §3 and their rules (§5), written once: the screens show these
 * messages next to the fields, the server answers 422 with the same ones and stores nothing.
 *
 * The schemas check shapes (what a stored or sent form may look like, so a half-filled form loads);
 * the `validate…` functions check the rules, tab by tab, in the order the screens open tabs.
 */
export const PROJECT_FORM_MESSAGES = {
  // Posting and private projects, General tab.
  campaignRequired: 'Please select a campaign',
  profileRequired: 'Please select an account profile',
  privateNetworkRequired: 'You need to choose a private network',
  outputRequired: 'You need to choose where to store your backlinks',
  outputIsInput: 'Output link set must be different to input link set',
  contentGroupRequired: 'You need to choose where to get articles from',
  linkPlacementRequired: 'Place select link position',
  tagsRequired: 'Please enter tags',
  inputLinkSetsRequired: 'You must select input link sets',
  linksInteger: 'Must be a number between 0 and 20',
  maxLinksBelowMin: 'Max links must be greater or equal to min links',
  // Image and Video tabs.
  imageKeywordsRequired: 'Enter keywords to search for images',
  imageUrlsRequired: 'Please enter the URLs of images to insert',
  imagePositionRequired: 'Please select image position',
  videoKeywordsRequired: 'Enter keywords to search for videos',
  videoUrlsRequired: 'Please enter the URLs of videos to insert',
  videoPositionRequired: 'Please select video position',
  countRequired: 'Required',
  countNotNegative: 'Must be greater or equal to 0',
  maxImagesBelowMin: 'Max images must be greater or equal to min images',
  maxVideosBelowMin: 'Max videos must be greater or equal to min videos',
  // Indexer tab.
  indexersRequired: 'Please select at least one indexing service',
  // Account creation, Account tab.
  acProfileRequired: 'Please select a profile',
  firstNameRequired: 'Please enter first name',
  lastNameRequired: 'Please enter your last name',
  usernameRequired: 'Username is required!',
  passwordRequired: 'Password is required',
  // Account creation, Email tab (source MANUAL only).
  emailServerRequired: 'Please enter server address',
  emailPortRequired: 'Please enter the server port',
  emailProtocolRequired: 'Please select email protocol',
  emailAddressRequired: 'Please enter your verification email',
  emailLoginRequired: 'Please enter your email login',
  emailPasswordRequired: 'Email password is required',
  spamFolderRequired: 'Spam folder name is required',
  emailPortRange: 'The port must be a number between 1 and 65535',
  // Indexer project.
  urlListRequired: 'Please select an URL list',
  // Saving (every kind).
  sitesRequired: 'You need to select at least one site',
  fixProblems: 'Please fix the problems below before continue',
  fixAllErrors: 'Please fix all the errors below',
  saveFailed: 'Failed to save the project.',
  // The server's 422 when a save names a site the project cannot use.
  unknownSites: (count: number) => `${count} of the sites sent are not available to this project any more; reload the project and save again`,
  wrongKind: (expected: string) => `This project is not saved here; it is saved as a ${expected} project`,
} as const;

/** The tabs of the project screens, in the order a save checks them (spec 1 §5). */
export const PROJECT_TAB_ORDER = ['account', 'email', 'general', 'image', 'video', 'indexer', 'sites'] as const;
export type ProjectTab = (typeof PROJECT_TAB_ORDER)[number];

/** One broken rule: the tab that opens, the field that shows the message, the message. */
export interface FormProblem {
  tab: ProjectTab;
  field: string;
  message: string;
}

const id = z.number().int().positive().nullable().default(null);
const count = z.number().nullable().default(null);
const text = (max: number) => z.string().max(max).refine(isPlainText, PLAIN_TEXT_RULE).default('');

// ── Posting and private projects ─────────────────────────────────────────────────────────────────

export const ContentProjectFormSchema = z.object({
  /** Posting projects: the campaign whose account profiles are offered. */
  selectedCampaignId: id,
  /** Posting: the account profile; private: the private network. */
  profileId: id,
  /** The output link set (where published post URLs are stored). */
  urlListId: id,
  contentGroupId: id,
  /**
   * Spin each post's article with the spinner chosen in Options → Spinner (its group's protected
   * words and the link keywords kept). The spec names no such field; its flow spins every post
   * ("picks an article, spins it"), so on by default; off posts the article as written (its own
   * spintax still expanded).
   */
  spinArticles: z.boolean().default(true),
  /**
   * Link health (issue 18.2): a post of this project found dead on the user's own site (the
   * tier-health rule: MISSING or gone twice in a row) is re-published once, with the same article
   * and links, and its output link moves to the new URL. Off by default.
   */
  republishDeadPosts: z.boolean().default(false),
  useLinkSet: z.boolean().default(false),
  linkSetProfiles: z.array(z.object({
    linkSetId: z.number().int(),
    name: z.string().max(1024).default(''),
    minLinks: z.number().nullable(),
    maxLinks: z.number().nullable(),
    linkProb: z.number().nullable(),
  })).max(1000).default([]),
  linkPlacement: z.enum(optionValues(LINK_PLACEMENTS)).nullable().default(null),
  minLinks: count.default(1),
  maxLinks: count.default(3),
  outputAnchor: z.enum(optionValues(OUTPUT_ANCHORS)).default('Title'),
  /** Comma-joined; stored trimmed and de-duplicated (see normalizeTags). */
  tags: text(10_000),
  ...MEDIA_FIELDS,
  useIndexers: z.boolean().default(false),
  indexers: z.array(z.enum(optionValues(INDEXING_SERVICES))).max(INDEXING_SERVICES.length).default([]),
});
export type ContentProjectForm = z.infer<typeof ContentProjectFormSchema>;
export type ContentProjectKind = 'posting' | 'private';

/** Tags as stored: split at commas, trimmed, empty ones dropped, duplicates removed (first kept). */
export function normalizeTags(tags: string): string {
  const seen = new Set<string>();
  for (const tag of tags.split(',').map((t) => t.trim()).filter((t) => t !== '')) if (!seen.has(tag)) seen.add(tag);
  return [...seen].join(',');
}

function isLinkCount(value: number | null): value is number {
  return value !== null && Number.isInteger(value) && value >= 0 && value <= 20;
}

function countProblems(tab: ProjectTab, min: number | null, max: number | null, fields: [string, string], maxBelowMin: string): FormProblem[] {
  const problems: FormProblem[] = [];
  for (const [field, value] of [[fields[0], min], [fields[1], max]] as const) {
    if (value === null || Number.isNaN(value)) problems.push({ tab, field, message: PROJECT_FORM_MESSAGES.countRequired });
    else if (!Number.isInteger(value) || value < 0) problems.push({ tab, field, message: PROJECT_FORM_MESSAGES.countNotNegative });
  }
  if (problems.length === 0 && max! < min!) problems.push({ tab, field: fields[1], message: maxBelowMin });
  return problems;
}

/** General tab of a posting or private project. */
export function validateContentGeneral(kind: ContentProjectKind, form: ContentProjectForm): FormProblem[] {
  const p: FormProblem[] = [];
  const add = (field: string, message: string) => p.push({ tab: 'general', field, message });
  if (kind === 'posting') {
    if (form.selectedCampaignId === null) add('selectedCampaignId', PROJECT_FORM_MESSAGES.campaignRequired);
    if (form.profileId === null) add('profileId', PROJECT_FORM_MESSAGES.profileRequired);
  } else if (form.profileId === null) add('profileId', PROJECT_FORM_MESSAGES.privateNetworkRequired);
  if (form.urlListId === null) add('urlListId', PROJECT_FORM_MESSAGES.outputRequired);
  else if (form.useLinkSet && form.linkSetProfiles.some((profile) => profile.linkSetId === form.urlListId)) {
    add('urlListId', PROJECT_FORM_MESSAGES.outputIsInput);
  }
  if (form.contentGroupId === null) add('contentGroupId', PROJECT_FORM_MESSAGES.contentGroupRequired);
  if (form.useLinkSet) {
    if (form.linkSetProfiles.length === 0) add('linkSetProfiles', PROJECT_FORM_MESSAGES.inputLinkSetsRequired);
    for (const profile of form.linkSetProfiles) {
      const parsed = LinkSetProfileSchema.safeParse(profile);
      if (!parsed.success) add('linkSetProfiles', `${profile.name || `Link set #${profile.linkSetId}`}: ${parsed.error.issues[0]?.message ?? LINK_SET_PROFILE_MESSAGES.linksRange}`);
    }
  }
  if (form.linkPlacement === null) add('linkPlacement', PROJECT_FORM_MESSAGES.linkPlacementRequired);
  if (!isLinkCount(form.minLinks)) add('minLinks', PROJECT_FORM_MESSAGES.linksInteger);
  if (!isLinkCount(form.maxLinks)) add('maxLinks', PROJECT_FORM_MESSAGES.linksInteger);
  else if (isLinkCount(form.minLinks) && form.maxLinks < form.minLinks) add('maxLinks', PROJECT_FORM_MESSAGES.maxLinksBelowMin);
  if (normalizeTags(form.tags) === '') add('tags', PROJECT_FORM_MESSAGES.tagsRequired);
  return p;
}

/** Image tab: checked only when images are inserted. */
export function validateContentImage(form: ContentProjectForm): FormProblem[] {
  if (!form.insertImages) return [];
  const p: FormProblem[] = [];
  if (form.searchForImages) {
    if (form.keywordsForImage.trim() === '') p.push({ tab: 'image', field: 'keywordsForImage', message: PROJECT_FORM_MESSAGES.imageKeywordsRequired });
  } else if (form.imagesToInsert.trim() === '') p.push({ tab: 'image', field: 'imagesToInsert', message: PROJECT_FORM_MESSAGES.imageUrlsRequired });
  p.push(...countProblems('image', form.minImage, form.maxImage, ['minImage', 'maxImage'], PROJECT_FORM_MESSAGES.maxImagesBelowMin));
  if (form.imagePosition === null) p.push({ tab: 'image', field: 'imagePosition', message: PROJECT_FORM_MESSAGES.imagePositionRequired });
  return p;
}

/** Video tab: mirrors the image tab. */
export function validateContentVideo(form: ContentProjectForm): FormProblem[] {
  if (!form.insertVideos) return [];
  const p: FormProblem[] = [];
  if (form.searchForVideos) {
    if (form.keywordsForVideo.trim() === '') p.push({ tab: 'video', field: 'keywordsForVideo', message: PROJECT_FORM_MESSAGES.videoKeywordsRequired });
  } else if (form.videosToInsert.trim() === '') p.push({ tab: 'video', field: 'videosToInsert', message: PROJECT_FORM_MESSAGES.videoUrlsRequired });
  p.push(...countProblems('video', form.minVideo, form.maxVideo, ['minVideo', 'maxVideo'], PROJECT_FORM_MESSAGES.maxVideosBelowMin));
  if (form.videoPosition === null) p.push({ tab: 'video', field: 'videoPosition', message: PROJECT_FORM_MESSAGES.videoPositionRequired });
  return p;
}

/** Indexer tab: with Use indexing service ticked, at least one service. */
export function validateIndexers(form: { useIndexers: boolean; indexers: readonly string[] }): FormProblem[] {
  return form.useIndexers && form.indexers.length === 0
    ? [{ tab: 'indexer', field: 'indexers', message: PROJECT_FORM_MESSAGES.indexersRequired }]
    : [];
}

/** The Sites rule every kind shares. */
export function validateSites(checkedSites: number): FormProblem[] {
  return checkedSites > 0 ? [] : [{ tab: 'sites', field: 'sites', message: PROJECT_FORM_MESSAGES.sitesRequired }];
}

/** Every rule of a posting or private project, tab by tab in save order (general, image, video, indexer, sites). */
export function validateContentProject(kind: ContentProjectKind, form: ContentProjectForm, checkedSites: number): FormProblem[] {
  return [
    ...validateContentGeneral(kind, form), ...validateContentImage(form), ...validateContentVideo(form),
    ...validateIndexers(form), ...validateSites(checkedSites),
  ];
}

// ── Account creation projects ────────────────────────────────────────────────────────────────────

export const VerificationInfoSchema = z.object({
  emailServer: text(255),
  emailServerPort: z.number().nullable().default(EMAIL_DEFAULTS.emailServerPort),
  mailProtocol: z.enum(optionValues(EMAIL_PROTOCOLS)).nullable().default(EMAIL_DEFAULTS.mailProtocol),
  emailAddress: text(320),
  emailLogin: text(320),
  emailPassword: text(1024),
  SSL: z.boolean().default(EMAIL_DEFAULTS.SSL),
  /** With SSL off: upgrade the plain connection (STARTTLS / STLS), as the email manager's mailboxes can. */
  startTls: z.boolean().default(false),
  /** Accept a certificate no trusted authority signed (the user's own server); off keeps it refused. */
  allowSelfSigned: z.boolean().default(false),
  checkSpamFolder: z.boolean().default(false),
  spamFolderName: text(255).default(EMAIL_DEFAULTS.spamFolderName),
  /** Set by the verifier (engine); shown, never edited. */
  status: z.string().max(255).nullable().default(null),
});
export type VerificationInfo = z.infer<typeof VerificationInfoSchema>;

export const AccountCreationFormSchema = z.object({
  profileId: id,
  firstName: text(255),
  lastName: text(255),
  username: text(255),
  password: text(1024),
  /** Optional; generated when empty. */
  blogTitle: text(1024),
  blogName: text(255),
  emailSource: z.enum(optionValues(EMAIL_SOURCES)).default('LINKLOOM'),
  verificationInfo: VerificationInfoSchema.default(() => VerificationInfoSchema.parse({})),
});
export type AccountCreationForm = z.infer<typeof AccountCreationFormSchema>;

/** Account tab of an account creation project. */
export function validateAccountTab(form: AccountCreationForm): FormProblem[] {
  const p: FormProblem[] = [];
  const add = (field: string, message: string) => p.push({ tab: 'account', field, message });
  if (form.profileId === null) add('profileId', PROJECT_FORM_MESSAGES.acProfileRequired);
  if (form.firstName.trim() === '') add('firstName', PROJECT_FORM_MESSAGES.firstNameRequired);
  if (form.lastName.trim() === '') add('lastName', PROJECT_FORM_MESSAGES.lastNameRequired);
  if (form.username.trim() === '') add('username', PROJECT_FORM_MESSAGES.usernameRequired);
  if (form.password === '') add('password', PROJECT_FORM_MESSAGES.passwordRequired);
  return p;
}

/** Email tab: checked only for source MANUAL; fields are `verificationInfo.<name>`. */
export function validateEmailTab(form: AccountCreationForm): FormProblem[] {
  if (form.emailSource !== 'MANUAL') return [];
  const info = form.verificationInfo;
  const p: FormProblem[] = [];
  const add = (field: keyof VerificationInfo, message: string) => p.push({ tab: 'email', field: `verificationInfo.${field}`, message });
  if (info.emailServer.trim() === '') add('emailServer', PROJECT_FORM_MESSAGES.emailServerRequired);
  if (info.emailServerPort === null || Number.isNaN(info.emailServerPort)) add('emailServerPort', PROJECT_FORM_MESSAGES.emailPortRequired);
  else if (!Number.isInteger(info.emailServerPort) || info.emailServerPort < 1 || info.emailServerPort > 65535) add('emailServerPort', PROJECT_FORM_MESSAGES.emailPortRange);
  if (info.mailProtocol === null) add('mailProtocol', PROJECT_FORM_MESSAGES.emailProtocolRequired);
  if (info.emailAddress.trim() === '') add('emailAddress', PROJECT_FORM_MESSAGES.emailAddressRequired);
  if (info.emailLogin.trim() === '') add('emailLogin', PROJECT_FORM_MESSAGES.emailLoginRequired);
  if (info.emailPassword === '') add('emailPassword', PROJECT_FORM_MESSAGES.emailPasswordRequired);
  if (info.mailProtocol === 'imap' && info.checkSpamFolder && info.spamFolderName.trim() === '') add('spamFolderName', PROJECT_FORM_MESSAGES.spamFolderRequired);
  return p;
}

/** Every rule of an account creation project in save order (account, email, sites). */
export function validateAccountCreationProject(form: AccountCreationForm, checkedSites: number): FormProblem[] {
  return [...validateAccountTab(form), ...validateEmailTab(form), ...validateSites(checkedSites)];
}

// ── Indexer projects ─────────────────────────────────────────────────────────────────────────────

export const IndexerProjectFormSchema = z.object({
  /** The URL list (link set) whose links are submitted. */
  linkSetId: id,
});
export type IndexerProjectForm = z.infer<typeof IndexerProjectFormSchema>;

export function validateIndexerProject(form: IndexerProjectForm, checkedSites: number): FormProblem[] {
  return [
    ...(form.linkSetId === null ? [{ tab: 'general' as const, field: 'linkSetId', message: PROJECT_FORM_MESSAGES.urlListRequired }] : []),
    ...validateSites(checkedSites),
  ];
}

/** The first problem reported for one field (the form shows it under that field), or null. */
export function problemFor(problems: readonly FormProblem[], field: string): string | null {
  return problems.find((problem) => problem.field === field)?.message ?? null;
}
