/** Every job the engine sends (engine/README.md "Jobs"); all payloads carry ownerId. */
export const JOB = {
  projectRun: 'project.run',
  postPublish: 'post.publish',
  postVerify: 'post.verify',
  indexerSubmit: 'indexer.submit',
  schedulerTick: 'scheduler.tick',
  /** D: a FixedDate schedule's start at its instant (engine/scheduler). */
  scheduleStart: 'schedule.start',
  /** A content project's finished run: its published post URLs to one indexing service (engine/indexing-services). */
  indexingSubmit: 'indexing.submit',
} as const;

export type JobName = (typeof JOB)[keyof typeof JOB];

export interface ProjectRunPayload {
  ownerId: number;
  projectId: number;
  runId: number;
}

/** post.publish, post.verify and indexer.submit: one engine_posts row. */
export interface PostJobPayload {
  ownerId: number;
  postId: number;
}

export type SchedulerTickPayload = Record<string, never>;

/** indexing.submit: one run, one service; `offset` URLs of the run were already taken, `attempt` counts retries. */
export interface IndexingSubmitPayload {
  ownerId: number;
  runId: number;
  service: string;
  offset?: number;
  attempt?: number;
}
