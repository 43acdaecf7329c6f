/** Project modules (spec 1, section 3): id → display name. */
export const MODULES = {
  AccountCreation: 'Account Creation',
  SocialNetwork: 'Web 2.0 Blogs',
  Bookmarking: 'Bookmarking',
  Wiki: 'Wiki',
  WebProfile: 'Web 2.0 Profile',
  ArticleDirectory: 'Article Directory',
  ForumProfile: 'Forum Profile',
  PressRelease: 'Press Release',
  GooglePlace: 'Google Place',
  PDF: 'PDF',
  Private: 'Private Blog',
  PrivateBookmark: 'Private Bookmark',
  Indexer: 'Indexer',
} as const;
export type ModuleId = keyof typeof MODULES;

export const PROJECT_STATUSES = [
  'NEW', 'COMPLETED', 'STOPPED', 'FAILED', 'SCHEDULED', 'STARTING', 'RUNNING', 'STOPPING',
  'STARTING_VERIFYING', 'VERIFYING', 'STOPPING_VERIFYING',
  'STARTING_DOWNLOADING', 'DOWNLOADING', 'STOPPING_DOWNLOADING',
] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const CAMPAIGN_STATUSES = ['ACTIVE', 'PAUSED'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const CREATING_TYPES = ['Manual', 'XWizard'] as const;
export type CreatingType = (typeof CREATING_TYPES)[number];
