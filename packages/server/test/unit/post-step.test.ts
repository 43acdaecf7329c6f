import { describe, expect, it } from 'vitest';
import { PublishError } from '../../src/engine/connectors/connector';
import { PAUSED_RECHECK_MS } from '../../src/engine/runner/post-hold';
import { decidePostStep, failureLine, MAX_ARTICLE_RETRIES, POST_STEP_MESSAGES, type PostAction, type PostStepState } from '../../src/engine/runner/post-step';

const NOW = 1_800_000_000_000;
const SITE = 'http://blog.example';
const OPTIONS = { maxAccountsToRetry: 2, maxNumberOfRetries: 3, timeToWaitBeforeRetry: 60 };
const POSTING = { kind: 'postingproject', profileId: 4 } as const;

/** The `failed` point of a posting project's post on SITE (account ann@…), 1 attempt made, no other account tried. */
function failed(error: unknown, changes: Partial<Extract<PostStepState, { at: 'failed' }>> = {}): PostStepState {
  return {
    at: 'failed', post: { state: 'publishing', attempts: 1, accounts_tried: 0 }, error,
    target: { siteUrl: SITE, accountEmail: 'ann@example.test' }, platformGuessed: false, project: POSTING, options: OPTIONS, now: NOW, ...changes,
  };
}

function owned(changes: Partial<Extract<PostStepState, { at: 'owned' }>> = {}): PostStepState {
  return { at: 'owned', post: { state: 'planned', start_after: null }, run: { state: 'running' }, projectFound: true, campaignStatus: 'ACTIVE', now: NOW, ...changes };
}

const refused = new PublishError('rejected', 'The site refused the post (HTTP 400)');
const network = new PublishError('network', 'The site did not answer');
const lostAnswer = new PublishError('timeout', 'No answer within 30 s', { outcomeUnknown: true });
const wrongLogin = new PublishError('auth', 'Wrong username or password');
const LINE = `${SITE}: The site refused the post (HTTP 400) (account ann@example.test)`;

/** Every way `post.publish` ends or goes on, by decision point. */
const TABLE: { case: string; state: PostStepState; action: PostAction }[] = [
  // The post was not free to take.
  { case: 'deleted post: nothing to do', state: { at: 'found', post: undefined }, action: { kind: 'leave', why: 'gone' } },
  { case: 'post already published: settle its run', state: { at: 'found', post: { state: 'published' } }, action: { kind: 'settleRun' } },
  { case: 'post already failed: settle its run', state: { at: 'found', post: { state: 'failed' } }, action: { kind: 'settleRun' } },
  { case: 'post already cancelled: settle its run', state: { at: 'found', post: { state: 'cancelled' } }, action: { kind: 'settleRun' } },
  { case: 'planned post another job held: take it', state: { at: 'found', post: { state: 'planned' } }, action: { kind: 'take' } },
  { case: 'publishing post another job held: take it', state: { at: 'found', post: { state: 'publishing' } }, action: { kind: 'take' } },
  // The post is this job's.
  { case: 'run gone: cancel', state: owned({ run: undefined }), action: { kind: 'cancel' } },
  { case: 'project gone: cancel', state: owned({ projectFound: false }), action: { kind: 'cancel' } },
  { case: 'stopping run, planned post: cancel', state: owned({ run: { state: 'stopping' } }), action: { kind: 'cancel' } },
  { case: 'stopping run, publishing post: reconcile, else cancel', state: owned({ run: { state: 'stopping' }, post: { state: 'publishing', start_after: null } }), action: { kind: 'reconcileStopped' } },
  { case: 'paused campaign: look again later', state: owned({ campaignStatus: 'PAUSED' }), action: { kind: 'hold', untilMs: NOW + PAUSED_RECHECK_MS } },
  { case: 'Spread start ahead: wait for it', state: owned({ post: { state: 'planned', start_after: NOW + 60_000 } }), action: { kind: 'hold', untilMs: NOW + 60_000 } },
  { case: 'Spread start within a second: now', state: owned({ post: { state: 'planned', start_after: NOW + 1000 } }), action: { kind: 'proceed' } },
  { case: "retry's wait ahead (job re-sent early after a crash), plan in the past: wait for the retry", state: owned({ post: { state: 'planned', start_after: NOW - 60_000, not_before: NOW + 30_000 } }), action: { kind: 'hold', untilMs: NOW + 30_000 } },
  { case: "retry's wait over: now, whatever the plan said", state: owned({ post: { state: 'planned', start_after: NOW - 60_000, not_before: NOW - 1 } }), action: { kind: 'proceed' } },
  { case: 'campaign gone: not held', state: owned({ campaignStatus: undefined }), action: { kind: 'proceed' } },
  { case: 'publishing post of a paused campaign: finished, not held', state: owned({ campaignStatus: 'PAUSED', post: { state: 'publishing', start_after: null } }), action: { kind: 'proceed' } },
  { case: 'running, active, due: publish', state: owned(), action: { kind: 'proceed' } },
  // Where the post goes.
  {
    case: 'no target: fail naming the site key', state: { at: 'target', post: { state: 'planned', site_key: '41:a@example.test' }, target: { ok: false, error: 'The site was removed' } },
    action: { kind: 'fail', error: 'Site 41:a@example.test: The site was removed' },
  },
  {
    case: 'no target, the reason names the site: fail with it', state: { at: 'target', post: { state: 'planned', site_key: 'Posting:41' }, target: { ok: false, error: `${SITE}: no account` } },
    action: { kind: 'fail', error: `${SITE}: no account` },
  },
  { case: 'target, planned post: build and post', state: { at: 'target', post: { state: 'planned', site_key: 'Posting:41' }, target: { ok: true, siteUrl: SITE } }, action: { kind: 'proceed' } },
  { case: 'target, outcome unknown: ask the site first', state: { at: 'target', post: { state: 'publishing', site_key: 'Posting:41' }, target: { ok: true, siteUrl: SITE } }, action: { kind: 'reconcileFirst' } },
  // The post is built.
  { case: 'built: post it', state: { at: 'built', siteUrl: SITE, composed: { ok: true } }, action: { kind: 'proceed' } },
  { case: 'nothing to build from: fail', state: { at: 'built', siteUrl: SITE, composed: { ok: false, error: 'No articles' } }, action: { kind: 'fail', error: `${SITE}: No articles` } },
  // Committing `publishing` did not happen.
  { case: 'a Stop took the post: nothing to do', state: { at: 'began', began: 'lost', articleRetries: 0 }, action: { kind: 'leave', why: 'lost' } },
  { case: 'article used up meanwhile: rebuild', state: { at: 'began', began: 'articleTaken', articleRetries: 0 }, action: { kind: 'rebuild' } },
  { case: 'article used up, last rebuild', state: { at: 'began', began: 'articleTaken', articleRetries: MAX_ARTICLE_RETRIES - 1 }, action: { kind: 'rebuild' } },
  { case: 'articles keep being used up: give up', state: { at: 'began', began: 'articleTaken', articleRetries: MAX_ARTICLE_RETRIES }, action: { kind: 'giveUp', error: POST_STEP_MESSAGES.articlesUsedUp } },
  // Something was thrown.
  { case: 'the job was stopped: rethrow, the post stays', state: { at: 'thrown', aborted: true }, action: { kind: 'rethrow' } },
  { case: 'a failure of the attempt: look at it', state: { at: 'thrown', aborted: false }, action: { kind: 'proceed' } },
  // …and the post after it.
  { case: 'the post ended meanwhile: nothing to do', state: failed(refused, { post: { state: 'cancelled', attempts: 1, accounts_tried: 0 } }), action: { kind: 'leave', why: 'ended' } },
  { case: 'refused for good: fail', state: failed(refused), action: { kind: 'fail', error: LINE } },
  { case: 'any other error: fail', state: failed(new TypeError('fetch failed')), action: { kind: 'fail', error: `${SITE}: fetch failed (account ann@example.test)` } },
  {
    case: 'no answer: retry after timeToWaitBeforeRetry', state: failed(network),
    action: { kind: 'retryLater', atMs: NOW + 60_000, state: 'planned', lastError: `${SITE}: The site did not answer (account ann@example.test)` },
  },
  {
    case: 'rate limited: retry after the longer Retry-After', state: failed(new PublishError('rateLimited', 'Too many requests', { retryAfterMs: 300_000 })),
    action: { kind: 'retryLater', atMs: NOW + 300_000, state: 'planned', lastError: `${SITE}: Too many requests (account ann@example.test)` },
  },
  {
    case: 'unknown outcome: retry, still publishing', state: failed(lostAnswer, { post: { state: 'publishing', attempts: 3, accounts_tried: 0 } }),
    action: { kind: 'retryLater', atMs: NOW + 60_000, state: 'publishing', lastError: `${SITE}: No answer within 30 s (account ann@example.test)` },
  },
  {
    case: 'out of retries: fail', state: failed(network, { post: { state: 'planned', attempts: 5, accounts_tried: 0 } }),
    action: { kind: 'fail', error: `${SITE}: The site did not answer (account ann@example.test)` },
  },
  {
    case: 'out of retries, outcome unknown: one last look, then fail', state: failed(lostAnswer, { post: { state: 'publishing', attempts: 5, accounts_tried: 0 } }),
    action: { kind: 'lookThenFail', error: `${SITE}: No answer within 30 s (account ann@example.test)` },
  },
  {
    case: 'wrong login: the next account, else fail', state: failed(wrongLogin),
    action: { kind: 'nextAccount', lastError: `${SITE}: Wrong username or password (account ann@example.test)`, otherwise: { kind: 'fail', error: `${SITE}: Wrong username or password (account ann@example.test)` } },
  },
  {
    case: 'wrong login, outcome unknown: the next account, else look then fail', state: failed(wrongLogin.withOutcomeUnknown(true)),
    action: {
      kind: 'nextAccount', lastError: `${SITE}: Wrong username or password (account ann@example.test)`,
      otherwise: { kind: 'lookThenFail', error: `${SITE}: Wrong username or password (account ann@example.test)` },
    },
  },
  {
    case: 'wrong login, every account tried: fail', state: failed(wrongLogin, { post: { state: 'planned', attempts: 1, accounts_tried: 2 } }),
    action: { kind: 'fail', error: `${SITE}: Wrong username or password (account ann@example.test)` },
  },
  {
    case: 'wrong login, no profile: fail', state: failed(wrongLogin, { project: { kind: 'postingproject', profileId: null } }),
    action: { kind: 'fail', error: `${SITE}: Wrong username or password (account ann@example.test)` },
  },
  {
    case: "wrong login on a private blog (the network's own login): fail", state: failed(wrongLogin, { project: { kind: 'privateproject', profileId: null }, target: { siteUrl: SITE, accountEmail: null } }),
    action: { kind: 'fail', error: `${SITE}: Wrong username or password` },
  },
  {
    case: 'unknown platform tried as WordPress: the line says so', state: failed(refused, { platformGuessed: true }),
    action: { kind: 'fail', error: `${LINE} ${POST_STEP_MESSAGES.platformGuessed}` },
  },
];

describe('decidePostStep: what post.publish does next', () => {
  it.each(TABLE)('$case', ({ state, action }) => {
    expect(decidePostStep(state)).toEqual(action);
  });

  it('has a row for every decision point and every action', () => {
    expect(new Set(TABLE.map((row) => row.state.at))).toEqual(new Set(['found', 'owned', 'target', 'built', 'began', 'thrown', 'failed']));
    expect(new Set(TABLE.map((row) => row.action.kind))).toEqual(
      new Set(['leave', 'settleRun', 'take', 'proceed', 'cancel', 'hold', 'reconcileStopped', 'reconcileFirst', 'rebuild', 'giveUp', 'rethrow', 'retryLater', 'nextAccount', 'fail', 'lookThenFail']),
    );
  });
});

describe('failure lines', () => {
  it('name the site once, the account and a guessed platform', () => {
    expect(failureLine(new Error(`${SITE}/ answered 500`), { siteUrl: `${SITE}/`, accountEmail: null }, false)).toBe(`${SITE}/ answered 500`);
    expect(failureLine('plain text', undefined, false)).toBe('plain text');
    expect(failureLine(new Error('Refused'), { siteUrl: SITE, accountEmail: 'bob@example.test' }, true)).toBe(`${SITE}: Refused (account bob@example.test) ${POST_STEP_MESSAGES.platformGuessed}`);
  });
});
