/** Every job the engine sends (engine/README.md "Jobs"); all payloads carry ownerId. */
export const JOB = {
  projectRun: 'project.run',
  postPublish: 'post.publish',
  postVerify: 'post.verify',
  indexerSubmit: 'indexer.submit',
  schedulerTick: 'scheduler.tick',
  /** D: a FixedDate schedule's start at its instant (engine/scheduler). */
  scheduleStart: 'schedule.start',
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
