/**
 * What `post.publish` does next, decided without any I/O: the job (post-publish.job.ts) reads and
 * writes, this module chooses. Each decision point of the job is one `at` of PostStepState; every
 * way the job can end is one PostAction (engine/README.md "Runner" describes them in prose).
 */
import { isPublishError } from '../connectors/connector';
import type { EngineOptions } from './engine-options';
import { postHoldUntil } from './post-hold';
import type { EnginePostState } from './engine.tables';

/** Rebuilding after the chosen article reached its maximum meanwhile: at most this often. */
export const MAX_ARTICLE_RETRIES = 20;

export const POST_STEP_MESSAGES = {
  articlesUsedUp: 'The articles of the content group are being used up by other posts: start the project again',
  platformGuessed: "(the site's platform is not known yet, so it was tried as a WordPress site)",
} as const;

/** The site and account a post went to, as failure lines name them. */
export interface StepTarget {
  siteUrl: string;
  accountEmail: string | null;
}

export type PostStepState =
  /** The post was not free to take: it as it is now (undefined: deleted). */
  | { at: 'found'; post: { state: EnginePostState } | undefined }
  /** The post is this job's: its run, whether its project can still be read, its campaign's status. */
  | {
      at: 'owned';
      post: { state: EnginePostState; start_after: number | null; not_before?: number | null };
      run: { state: string } | undefined;
      projectFound: boolean;
      campaignStatus: string | undefined;
      now: number;
    }
  /** Where the post goes: the site and credentials, or why there are none. */
  | { at: 'target'; post: { state: EnginePostState; site_key: string }; target: { ok: true; siteUrl: string } | { ok: false; error: string } }
  /** The post was built from an article (or could not be). */
  | { at: 'built'; siteUrl: string; composed: { ok: true } | { ok: false; error: string } }
  /** Committing `publishing` before calling the site did not happen; `articleRetries`: rebuilds so far. */
  | { at: 'began'; began: 'lost' | 'articleTaken'; articleRetries: number }
  /** Something was thrown while publishing; `aborted`: the job's own signal (stop, lease lost, timeout). */
  | { at: 'thrown'; aborted: boolean }
  /** …and the post as stored after it, with what was thrown and the user's retry options. */
  | {
      at: 'failed';
      post: { state: EnginePostState; attempts: number; accounts_tried: number };
      error: unknown;
      target: StepTarget;
      platformGuessed: boolean;
      project: { kind: 'postingproject' | 'privateproject'; profileId: number | null };
      options: Pick<EngineOptions, 'maxAccountsToRetry' | 'maxNumberOfRetries' | 'timeToWaitBeforeRetry'>;
      now: number;
    };

/** A failed post's end: failed at once, or after one last look whether the site has it. */
export type PostFailure = { kind: 'fail'; error: string } | { kind: 'lookThenFail'; error: string };

export type PostAction =
  /** Nothing for this job to do: the post is gone, another live job holds it, a Stop took it, or it ended meanwhile. */
  | { kind: 'leave'; why: 'gone' | 'held' | 'lost' | 'ended' }
  /** The post already ended: its run may be finished. */
  | { kind: 'settleRun' }
  /** Make the post this job's (compare-and-set against a job that is no longer alive). */
  | { kind: 'take' }
  /** Go on to the next step. */
  | { kind: 'proceed' }
  | { kind: 'cancel' }
  /** Hand the post to a new job that runs at `untilMs` (paused campaign, Spread start ahead). */
  | { kind: 'hold'; untilMs: number }
  /** The run is stopping while the post's outcome is unknown: record it if the site has it, else cancel. */
  | { kind: 'reconcileStopped' }
  /** The post may exist already (`publishing`): ask the site first; recorded when found, else build and post. */
  | { kind: 'reconcileFirst' }
  | { kind: 'rebuild' }
  /** Give up on the article race: thrown, so it ends as a failure line like any other error. */
  | { kind: 'giveUp'; error: string }
  /** The job's signal aborted: the post stays as it is and the next run of the job reconciles. */
  | { kind: 'rethrow' }
  /** Try again at `atMs` through a new job; an unknown outcome keeps the post `publishing`. */
  | { kind: 'retryLater'; atMs: number; state: 'planned' | 'publishing'; lastError: string }
  /** Auth refused: the profile's next account for the site, when there is one; else `otherwise`. */
  | { kind: 'nextAccount'; lastError: string; otherwise: PostFailure }
  | PostFailure;

const proceed: PostAction = { kind: 'proceed' };

/** A line of the project's lastError: what happened on which site (and account), and what to do. */
export function failureLine(error: unknown, target: StepTarget | undefined, platformGuessed: boolean): string {
  const message = error instanceof Error ? error.message : String(error);
  const site = target?.siteUrl;
  const withSite = site && !message.includes(site.replace(/\/+$/, '')) ? `${site}: ${message}` : message;
  const account = target?.accountEmail ? ` (account ${target.accountEmail})` : '';
  return `${withSite}${account}${platformGuessed ? ` ${POST_STEP_MESSAGES.platformGuessed}` : ''}`;
}

function isOpen(state: EnginePostState): boolean {
  return state === 'planned' || state === 'publishing';
}

function afterFailure(state: Extract<PostStepState, { at: 'failed' }>): PostAction {
  const { post, error, project, options } = state;
  if (!isOpen(post.state)) return { kind: 'leave', why: 'ended' };
  const line = failureLine(error, state.target, state.platformGuessed);
  if (!isPublishError(error)) return { kind: 'fail', error: line };
  const failure: PostFailure = error.outcomeUnknown ? { kind: 'lookThenFail', error: line } : { kind: 'fail', error: line };
  if (error.kind === 'auth' && project.kind === 'postingproject' && post.accounts_tried < options.maxAccountsToRetry) {
    return project.profileId === null ? failure : { kind: 'nextAccount', lastError: line, otherwise: failure };
  }
  if (error.retryable && post.attempts <= options.maxNumberOfRetries) {
    const wait = Math.max(options.timeToWaitBeforeRetry * 1000, error.retryAfterMs ?? 0);
    return { kind: 'retryLater', atMs: state.now + wait, state: error.outcomeUnknown ? 'publishing' : 'planned', lastError: line };
  }
  return failure;
}

/** The next action of `post.publish` at one of its decision points (see PostStepState). */
export function decidePostStep(state: PostStepState): PostAction {
  switch (state.at) {
    case 'found':
      if (!state.post) return { kind: 'leave', why: 'gone' };
      return isOpen(state.post.state) ? { kind: 'take' } : { kind: 'settleRun' };
    case 'owned': {
      if (!state.run || !state.projectFound) return { kind: 'cancel' };
      if (state.run.state !== 'running') return state.post.state === 'planned' ? { kind: 'cancel' } : { kind: 'reconcileStopped' };
      const holdUntil = state.post.state === 'planned' ? postHoldUntil(state.post, state.campaignStatus, state.now) : null;
      return holdUntil === null ? proceed : { kind: 'hold', untilMs: holdUntil };
    }
    case 'target':
      if (!state.target.ok) {
        const { error } = state.target;
        return { kind: 'fail', error: error.includes('://') ? error : `Site ${state.post.site_key}: ${error}` };
      }
      return state.post.state === 'publishing' ? { kind: 'reconcileFirst' } : proceed;
    case 'built':
      return state.composed.ok ? proceed : { kind: 'fail', error: `${state.siteUrl}: ${state.composed.error}` };
    case 'began':
      if (state.began === 'lost') return { kind: 'leave', why: 'lost' };
      return state.articleRetries + 1 > MAX_ARTICLE_RETRIES ? { kind: 'giveUp', error: POST_STEP_MESSAGES.articlesUsedUp } : { kind: 'rebuild' };
    case 'thrown':
      return state.aborted ? { kind: 'rethrow' } : proceed;
    case 'failed':
      return afterFailure(state);
  }
}
