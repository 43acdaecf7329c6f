/**
 * The live channel's typed map: topic → message name → payload (spec 1 section 4, spec 2 section 4,
 * spec 3 section 4). Payloads the spec does not show are typed as records until the feature that
 * sends them narrows them. Every message travels as { topic, name, payload }.
 */
import type { CampaignStatus, ProjectStatus } from '../constants/modules';
import type { Campaign } from '../schemas/campaigns';
import type { ProjectRow } from '../schemas/projects';
import type { ProfileRow } from '../schemas/profiles';
import type { Account } from '../schemas/profiles';
import type { LinkSetRow } from '../schemas/link-sets';
import type { SiteStatus } from '../constants/project-options';
import type { RunLogEntry } from '../schemas/run-log';
import type { RunProgress } from '../domain/run-progress';
import type { ProxyId, ProxyMonitorState, ProxyRow } from '../schemas/proxies';
import type { StrategySummary } from '../schemas/strategy-summary';
import type { CustomSiteRow, SiteVerifierStatus } from '../schemas/custom-sites';
import type { SiteSelectionSummary } from '../schemas/site-selections';
import type { UserEmailRow } from '../schemas/emails';
import type { CheckProgress } from '../schemas/check-now';
import type { Alert } from '../schemas/alerts';
import type { WizardSummary } from '../schemas/wizards-api';

type Ids = { ids: number[] };
type Loose = Record<string, unknown>;

export interface ProjectStatusPayload {
  projectId: number;
  status: ProjectStatus;
  lastError: string[];
  schedule: Loose | null;
}

/** Topics that belong to the signed-in user as a whole (no object id). */
export interface UserTopicMessages {
  campaigns: {
    addNew: Campaign;
    rename: { id: number; name: string };
    campaignsDeleted: Ids;
    statusChanged: { id: number; campaignStatus: CampaignStatus };
  };
  private_networks: {
    addNew: { id: number; name: string; count: number };
    editName: { id: number; name: string };
    deleted: Ids;
    countChanged: { id: number; count: number };
  };
  site_selections: { addNew: SiteSelectionSummary; edited: { id: number; name: string }; deleted: Ids };
  /** Custom sites added or updated (routes) and deleted. */
  custom_sites: { sitesInserted: Ids; sitesDeleted: Ids };
  /**
   * The platform verifier's own topic (issue 13: its progress goes live on a topic of its own): one
   * site it probed, and the run's status and progress.
   */
  site_verifier: {
    siteChecked: { site: CustomSiteRow };
    verifierStatusChanged: { status: SiteVerifierStatus; checked: number; total: number; waitInfo: string | null };
  };
  /** Mailboxes added or updated (Add Email, import) and deleted, by address (features/emails). */
  email_manager: { emailsInserted: { emails: UserEmailRow[] }; emailsDeleted: { addresses: string[] } };
  xwizards: Record<string, Loose>;
  /** Diagrams added (new, clone, import), renamed, deleted and saved (designer). */
  strategies: { add: StrategySummary; rename: { id: number; name: string }; delete: Ids; save: StrategySummary };
  content_groups: {
    newContentGroup: { id: number; name: string; count: number };
    contentGroupRenamed: { id: number; name: string };
    contentGroupsDeleted: Ids;
    articleCountChanged: { id: number; count: number };
  };
  /** Proxy rows added or updated (status), deleted by address and port, and the monitor's state. */
  proxies: {
    proxyMonitorStateChanged: { proxyMonitorState: ProxyMonitorState };
    proxyStatusChanged: { proxies: ProxyRow[] };
    proxiesDeleted: { ids: ProxyId[] };
  };
  /** Blocked sites by id (their domain). */
  blocked_sites: { blockedSitesAdded: { ids: string[] }; blockedSitesDeleted: { ids: string[] } };
  /**
   * Check now (issue 36): the progress of the user's check-nows, whatever started them (a link, a
   * selection, a link set, a project, a campaign): each button follows its own `checkId`.
   */
  link_checks: { checkProgress: CheckProgress };
  /** The header's bell (issue 36): a new alert, alerts marked read (`ids` null: all); `unread` is the user's count after it. */
  alerts: { alertRaised: { alert: Alert; unread: number }; alertsRead: { ids: number[] | null; unread: number } };
}

/** Topics of one object: `{kind}/{id}`. The server checks that the object is the subscriber's. */
export interface ObjectTopicMessages {
  campaign: {
    newProfile: ProfileRow; newUrlList: LinkSetRow; newProject: ProjectRow; projectsDeleted: Ids; projectEdited: ProjectRow;
    profileEdited: ProfileRow; profilesDeleted: Ids; urlListEdited: LinkSetRow; urlListsDeleted: Ids;
    campaignStatusChanged: { id: number; campaignStatus: CampaignStatus };
    projectStatusChanged: ProjectStatusPayload;
  };
  project: {
    projectStatusChanged: ProjectStatusPayload;
    /** Site rows whose status or progress changed (by `SiteRow.key`). */
    siteStatusChanged: { projectId: number; sites: { key: string; status: SiteStatus; waitInfo: string | null }[] };
    verificationProgressed: { projectId: number; status: string | null };
    /** A running project's attempt, retry or wait as it happens (engine/runner/run-progress.ts). */
    runProgress: RunProgress;
    /** New lines of the run log (engine/runner/run-log.ts), oldest first. */
    runLogged: { projectId: number; entries: RunLogEntry[] };
    /** The session that saved: a page open in another session reloads. */
    projectSaved: { projectId: number; sessionUuid: string };
  };
  /** `total` is the profile's number of accounts after the change. */
  profile: {
    newAccount: { profileId: number; account: Account; total: number };
    accountEdited: { profileId: number; account: Account; total: number };
    accountsDeleted: { profileId: number; count: number; total: number };
    accountsImported: { profileId: number; imported: number; updated: number; total: number };
  };
  /** Links of one link set (link-items feature); `count` is the set's new number of links. */
  url_list: {
    linksAdded: { urlListId: number; added: number; count: number };
    linkEdited: { urlListId: number; id: number };
    /** Backlink checks stored for these links (engine/verify); `verified` is the set's new verified total. */
    linksChecked: { urlListId: number; ids: number[]; verified: number };
    linksDeleted: { urlListId: number; ids: number[]; count: number };
    keywordsSaved: { urlListId: number };
    /** A file import under way: bytes of the file read so far, links written so far; `done` once whole. */
    importProgress: { urlListId: number; readBytes: number; totalBytes: number; added: number; done: boolean };
  };
  /** `count` is the sites written (added or updated) or deleted; `total` the network's sites after. */
  private_network: {
    PrivateSiteAdded: { privateNetworkId: number; count: number; total: number };
    PrivateSiteDeleted: { privateNetworkId: number; count: number; total: number };
  };
  content_group: {
    contentGroupRenamed: { id: number; name: string };
    settingsSaved: { id: number; wordsNottobeChanged: string; maxUsagePerArticle: number };
    articlesImported: { count: number };
    articleSaved: { id: number; title: string };
    articlesDeleted: Ids;
    articlesAuthorSet: Ids;
    contentGroupDeleted: { id: number };
  };
  /**
   * One saved wizard (issue 38): saved (POST /rest/xwizards with its id, POST /rest/xwizards/{id},
   * Create Campaign saving it), renamed, deleted. The same names and payloads as on `xwizards`, the
   * deletion of this one wizard as its id.
   */
  xwizard: { save: WizardSummary; rename: { id: number; name: string }; delete: { id: number } };
}

export type UserTopic = keyof UserTopicMessages;
export type ObjectTopicKind = keyof ObjectTopicMessages;
export type ObjectTopic = `${ObjectTopicKind}/${number}`;
export type Topic = UserTopic | ObjectTopic;

export const USER_TOPICS: readonly UserTopic[] = [
  'campaigns', 'private_networks', 'site_selections', 'email_manager', 'xwizards', 'strategies',
  'content_groups', 'proxies', 'blocked_sites', 'custom_sites', 'site_verifier', 'alerts',
  'link_checks',
];
export const OBJECT_TOPIC_KINDS: readonly ObjectTopicKind[] = [
  'campaign', 'project', 'profile', 'url_list', 'private_network', 'content_group', 'xwizard',
];

/** Message names and payloads allowed on a topic. */
export type MessagesOf<T extends Topic> = T extends UserTopic
  ? UserTopicMessages[T]
  : T extends `${infer K extends ObjectTopicKind}/${number}`
    ? ObjectTopicMessages[K]
    : never;

/**
 * One message of a topic as a union discriminated by `name`, so `switch (message.name)` narrows
 * `payload`.
 */
export type TopicMessage<T extends Topic> = {
  [N in keyof MessagesOf<T> & string]: { topic: T; name: N; payload: MessagesOf<T>[N] };
}[keyof MessagesOf<T> & string];

/** What the server emits on the `message` event, before a client routes it by topic. */
export interface LiveEnvelope {
  topic: string;
  name: string;
  payload: unknown;
}

/** Checks the envelope of something received on `message`. */
export function isLiveEnvelope(value: unknown): value is LiveEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Record<keyof LiveEnvelope, unknown>>;
  return typeof candidate.topic === 'string' && typeof candidate.name === 'string' && 'payload' in candidate;
}

export type ParsedTopic = { kind: 'user'; topic: UserTopic } | { kind: 'object'; objectKind: ObjectTopicKind; id: number };

/** Parses a topic string from a client; null for anything not in the map. */
export function parseTopic(topic: unknown): ParsedTopic | null {
  if (typeof topic !== 'string' || topic.length > 64) return null;
  if ((USER_TOPICS as readonly string[]).includes(topic)) return { kind: 'user', topic: topic as UserTopic };
  const match = /^([a-z_]+)\/([1-9]\d{0,15})$/.exec(topic);
  if (!match) return null;
  const [, kind, id] = match;
  if (!(OBJECT_TOPIC_KINDS as readonly string[]).includes(kind!)) return null;
  const numericId = Number(id);
  if (!Number.isSafeInteger(numericId)) return null;
  return { kind: 'object', objectKind: kind as ObjectTopicKind, id: numericId };
}

/** Client → server events and their acknowledgements. */
export interface SubscribeAck {
  ok: boolean;
  error?: string;
}
export const LIVE_EVENTS = { subscribe: 'subscribe', unsubscribe: 'unsubscribe', message: 'message' } as const;
