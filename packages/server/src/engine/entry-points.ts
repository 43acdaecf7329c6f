/**
 * The engine's entry points for the features: the only engine functions a feature may call (a
 * lint rule in eslint.config.js refuses any other import of `engine/**` from `features/**`).
 * Features start and stop runs, re-arm and wake the scheduler here; they never import a job.
 */

/** Start / Stop of a project (GET /action/start|stop/project/{id}). */
export { STARTABLE_BY_USER, startProjectRun, stopProjectRun } from './runner/start-project-run';
/** What would make a run fail at once: the project screen lists it, a person's Start is refused with it. */
export { runReadiness } from './runner/plan-run';

/** A saved, reset or deleted schedule: its columns and its start job. */
export { armedColumns, readSchedule } from './scheduler/schedule-rules';
export { rearmSchedule } from './scheduler/arm-schedule';

/** A resumed campaign: its waiting starts go at once. */
export { wakeScheduler } from './scheduler/scheduler-tick';

/** The IndexNow key format the engine submits with (the key file route answers only such keys). */
export { INDEXNOW_KEY_PATTERN } from './indexer/indexnow-client';
