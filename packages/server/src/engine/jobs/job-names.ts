import { z } from 'zod';
import type { PayloadInputOf, PayloadOf } from '../queue/job-payloads';
import type { JobRegistration, Queue } from '../queue/queue';

const RowId = z.number().int().positive();

/** post.publish and indexer.submit: one engine_posts row. */
const PostJobSchema = z.object({ ownerId: RowId, postId: RowId });

/**
 * Every job the app sends, with the zod schema of its payload (engine/README.md "Jobs"). The
 * queue parses a payload with it when the job is sent (nothing is stored when it refuses) and
 * again when the job runs (a stored payload it refuses fails that job, never reaching the
 * handler). All payloads but the tick's, the ping's, the backup's and the alert digest's carry ownerId.
 */
export const JOB_PAYLOADS = {
  /** Answers at once: proves a worker takes jobs (smoke tests, `npm run worker` checks). */
  'system.ping': z.object({}),
  'project.run': z.object({ ownerId: RowId, projectId: RowId, runId: RowId }),
  'post.publish': PostJobSchema,
  /**
   * A dead own-site post re-published once (issue 18.2, engine/runner/republish-post.job.ts);
   * `attempt` counts the tries after a retryable failure.
   */
  'post.republish': PostJobSchema.extend({
    attempt: z.number().int().min(1).max(100).optional(),
    /** Asked for by the user (POST /action/republish): the project's "Re-publish dead posts" setting is not needed. */
    asked: z.boolean().optional(),
  }),
  /**
   * A post edited so its links to dead pages go to live ones of the same link set (issue 36 item 3,
   * engine/runner/repoint-post.job.ts); `attempt` counts the tries after a retryable failure.
   */
  'post.repoint': PostJobSchema.extend({ attempt: z.number().int().min(1).max(100).optional() }),
  /** `retry` counts the later tries post.verify sent itself (engine/verify). */
  'post.verify': PostJobSchema.extend({ retry: z.number().int().min(0).max(100).optional() }),
  'indexer.submit': PostJobSchema,
  /** One registration of an account creation run: an engine_posts row and its account_registrations row (engine/account-creation). */
  'account.register': PostJobSchema,
  'scheduler.tick': z.object({}),
  /** A FixedDate schedule's start at its instant `at` (epoch ms; engine/scheduler). */
  'schedule.start': z.object({ ownerId: RowId, projectId: RowId, at: z.number().int().nonnegative() }),
  /**
   * A content project's finished run: its published post URLs to one indexing service
   * (engine/indexing-services); `offset` URLs of the run were already taken, `attempt` counts tries.
   */
  'indexing.submit': z.object({
    ownerId: RowId,
    runId: RowId,
    service: z.string().min(1).max(100),
    offset: z.number().int().min(0).optional(),
    attempt: z.number().int().min(1).optional(),
  }),
  /** Verify mail of an account creation project: its status cycle and mailbox pass (engine/verify-mail). */
  'mail.verify': z.object({ ownerId: RowId, projectId: RowId }),
  /** Check of all a user's proxies against the judge URL (engine/proxies). */
  'proxy.check': z.object({ ownerId: RowId }),
  /**
   * One chunk of a platform verifier run over a user's custom sites (engine/site-verifier): `since`
   * is the run's start (epoch ms; sites checked since then are done), `chunk` counts the hand-overs.
   */
  'site.verify': z.object({ ownerId: RowId, since: z.number().int().nonnegative(), chunk: z.number().int().min(0) }),
  /** The installation's automatic backup of one day (UTC YYYY-MM-DD; engine/backup): no owner, it backs up everyone's data. */
  'backup.run': z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
  /** One alert POSTed to the user's webhook (engine/alerts); `attempt` counts the tries after a passing failure. */
  'alert.webhook': z.object({ ownerId: RowId, alertId: RowId, attempt: z.number().int().min(1).max(10).optional() }),
  /** Alerts mailed to the user's own address through the operator's SMTP server (engine/alerts); `attempt` as above. */
  'alert.email': z.object({ ownerId: RowId, alertIds: z.array(RowId).min(1).max(100), attempt: z.number().int().min(1).max(10).optional() }),
  /** The daily alert digest job of `day` (UTC YYYY-MM-DD; engine/alerts): it gathers the day before, for every user. */
  'alert.digest': z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
} as const;

/** A job the app sends. */
export type JobName = keyof typeof JOB_PAYLOADS;

/** The payload job `N`'s handler receives (parsed by its schema). */
export type JobPayload<N extends JobName> = PayloadOf<typeof JOB_PAYLOADS, N>;

/** The payload a sender of job `N` passes. */
export type JobPayloadInput<N extends JobName> = PayloadInputOf<typeof JOB_PAYLOADS, N>;

/** The app's job queue: it sends and runs exactly the jobs of JOB_PAYLOADS. */
export type EngineQueue = Queue<typeof JOB_PAYLOADS>;

/** A job handler with its name and options, as engine/jobs/registry.ts lists it. */
export type EngineJob<N extends JobName = JobName> = JobRegistration<typeof JOB_PAYLOADS, N>;

/** The job names by the engine's words for them. */
export const JOB = {
  projectRun: 'project.run',
  postPublish: 'post.publish',
  postVerify: 'post.verify',
  postRepublish: 'post.republish',
  postRepoint: 'post.repoint',
  indexerSubmit: 'indexer.submit',
  accountRegister: 'account.register',
  schedulerTick: 'scheduler.tick',
  scheduleStart: 'schedule.start',
  indexingSubmit: 'indexing.submit',
  mailVerify: 'mail.verify',
  proxyCheck: 'proxy.check',
  siteVerify: 'site.verify',
  backupRun: 'backup.run',
  alertWebhook: 'alert.webhook',
  alertEmail: 'alert.email',
  alertDigest: 'alert.digest',
} as const satisfies Record<string, JobName>;

/** Answers at once: proves a worker takes jobs. */
export const PING_JOB = 'system.ping' satisfies JobName;

/** True for the name of a job of JOB_PAYLOADS. */
export function isJobName(name: string): name is JobName {
  return Object.hasOwn(JOB_PAYLOADS, name);
}

/** Every job name the app sends: the app refuses to start when one has no handler. */
export const JOB_NAMES: readonly JobName[] = Object.keys(JOB_PAYLOADS).filter(isJobName);

export type ProjectRunPayload = JobPayload<'project.run'>;
/** post.publish and indexer.submit: one engine_posts row. */
export type PostJobPayload = JobPayload<'post.publish'>;
export type VerifyPayload = JobPayload<'post.verify'>;
export type RepublishPayload = JobPayload<'post.republish'>;
export type ScheduleStartPayload = JobPayload<'schedule.start'>;
export type IndexingSubmitPayload = JobPayload<'indexing.submit'>;
