import type { ProjectStatus } from '../constants/modules';

/**
 * The project status rules of spec 1 §4, written once: the screens decide what their buttons
 * show and allow with them, and the server refuses a forbidden action with the same reasons.
 */
export const PROJECT_LIFECYCLE_MESSAGES = {
  scheduledTitle: 'Cannot start the project',
  scheduled: 'The project is scheduled, you need to delete the schedule first',
  notStartable: (status: string) => `The project cannot be started while it is ${status}`,
  notStoppable: (status: string) => `The project cannot be stopped while it is ${status}`,
  notVerifiable: (status: string) => `Email verification cannot start while the project is ${status}`,
  notVerifying: (status: string) => `Email verification is not running (the project is ${status})`,
  accountCreationOnly: 'Only account creation projects verify email',
  notEditable: (status: string) => `The project cannot be edited while it is ${status}; stop it first`,
  /** A person's Start of a project a run would fail at once: the problems follow as the details. */
  notReady: 'The project cannot start yet: fix what is missing first',
  notReadyTitle: 'Before this project can start',
  /** The way out of the spec's refusal of Start on a scheduled project (issue 35). */
  runNowInstead: 'Run now starts it at once and keeps its schedule: the projects that wait for it still start when it completes',
  runNowLabel: 'Run now',
  /** The toast after Run now from a list of projects. */
  runningNow: (name: string) => `Project "${name}" runs now: its schedule stays`,
  whileEditing: 'Save or cancel your changes first',
  /** Any lifecycle button while another one's request is on its way (its spinner shows which). */
  actionPending: 'Wait for the last action to finish',
  alreadyRunning: (status: string) => `The project is already ${status}: edit its schedule to change the pace of this run, or stop it first to start a new run`,
  stoppingNow: 'The project is stopping: Run now once it has stopped',
  verifyingNow: 'Email verification is running: stop verifying first, then Run now',
  /** Start of an account creation project while its email is being verified. */
  verifyingBlocksStart: 'Email verification is running: stop verifying first',
  campaignPaused: 'The campaign is paused: switch it to Active on the campaign screen, then Run now',
  /** The confirmation before a project waiting for its parents starts early. */
  runEarlyTitle: 'Start before its parent projects finish?',
  runEarly: (parents: string) => `This project waits for ${parents}. Run now starts it at once: it links to what they have published so far. Its schedule stays, and the projects that wait for it still start when it completes.`,
} as const;

/** What a person can ask of a project: the spec's four, and Run now (issue 35: a scheduled project starts at once, keeping its schedule). */
export type ProjectAction = 'start' | 'stop' | 'startVerifying' | 'stopVerifying' | 'runNow';

const STARTABLE: readonly string[] = ['NEW', 'COMPLETED', 'STOPPED', 'FAILED'];
const RUNNING: readonly string[] = ['STARTING', 'RUNNING', 'STOPPING'];
const VERIFIABLE: readonly string[] = ['NEW', 'COMPLETED', 'STOPPED', 'SCHEDULED', 'FAILED'];
const VERIFYING: readonly string[] = ['STARTING_VERIFYING', 'VERIFYING', 'STOPPING_VERIFYING'];

/** True while the project is starting, running or stopping. */
export function isRunning(status: string): boolean {
  return RUNNING.includes(status);
}

/** True in any email-verification state. */
export function isVerifying(status: string): boolean {
  return VERIFYING.includes(status);
}

/**
 * A lifecycle button: it acts, or shows a popover instead (a scheduled project), or is disabled and
 * says why (its tooltip, issue 39.2): a disabled button always has its reason.
 */
export type ButtonState =
  | { label: string; action: ProjectAction; reason?: null; popover?: undefined }
  | { label: string; action: null; reason?: null; popover: { title: string; content: string } }
  | { label: string; action: null; reason: string; popover?: undefined };

/** Start / Stop: reads Stop only while RUNNING; in STARTING or RUNNING the action stops the project. */
export function startStopButton(status: string, context: { editing: boolean; accountCreation: boolean }): ButtonState {
  const label = status === 'RUNNING' ? 'Stop' : 'Start';
  if (context.editing) return { label, action: null, reason: PROJECT_LIFECYCLE_MESSAGES.whileEditing };
  if (context.accountCreation && isVerifying(status)) return { label, action: null, reason: PROJECT_LIFECYCLE_MESSAGES.verifyingBlocksStart };
  if (status === 'STARTING' || status === 'RUNNING') return { label, action: 'stop' };
  if (STARTABLE.includes(status)) return { label, action: 'start' };
  if (status === 'SCHEDULED') {
    return { label, action: null, popover: { title: PROJECT_LIFECYCLE_MESSAGES.scheduledTitle, content: PROJECT_LIFECYCLE_MESSAGES.scheduled } };
  }
  return { label, action: null, reason: PROJECT_LIFECYCLE_MESSAGES.notStartable(status) };
}

/**
 * Run now (issue 35): offered while the project waits for its schedule (SCHEDULED), or could be
 * started (it then acts as Start and the schedule stays); never while editing, running, stopping or
 * verifying (the button's title says why).
 */
export function runNowButton(status: string, context: { editing: boolean; accountCreation: boolean }): Exclude<ButtonState, { popover: object }> {
  const label = PROJECT_LIFECYCLE_MESSAGES.runNowLabel;
  if (context.editing) return { label, action: null, reason: PROJECT_LIFECYCLE_MESSAGES.whileEditing };
  const rule = transition(status, 'runNow', context.accountCreation);
  return rule.ok ? { label, action: 'runNow', reason: null } : { label, action: null, reason: rule.reason };
}

/** Edit / Save: disabled while STARTING, RUNNING or STOPPING (account creation: also while verifying). */
export function canEdit(status: string, accountCreation: boolean): boolean {
  return !isRunning(status) && !(accountCreation && isVerifying(status));
}

/** Why Edit / Save is disabled ({@link canEdit}), or null when the project can be edited. */
export function editBlockedReason(status: string, accountCreation: boolean): string | null {
  return canEdit(status, accountCreation) ? null : PROJECT_LIFECYCLE_MESSAGES.notEditable(status);
}

/** Verify mail / Stop verifying (account creation only). */
export function verifyButton(status: string, editing: boolean): ButtonState {
  const stopping = status === 'STARTING_VERIFYING' || status === 'VERIFYING';
  const label = stopping ? 'Stop verifying' : 'Verify mail';
  if (editing) return { label, action: null, reason: PROJECT_LIFECYCLE_MESSAGES.whileEditing };
  if (isRunning(status)) return { label, action: null, reason: PROJECT_LIFECYCLE_MESSAGES.notVerifiable(status) };
  if (stopping) return { label, action: 'stopVerifying' };
  return VERIFIABLE.includes(status) ? { label, action: 'startVerifying' } : { label, action: null, reason: PROJECT_LIFECYCLE_MESSAGES.notVerifiable(status) };
}

export type Transition = { ok: true; next: ProjectStatus } | { ok: false; reason: string };

/** The server's rule: the status an action moves a project to, or why it is refused. */
export function transition(status: string, action: ProjectAction, accountCreation: boolean): Transition {
  switch (action) {
    case 'runNow':
      if (status === 'SCHEDULED' || STARTABLE.includes(status)) return { ok: true, next: 'STARTING' };
      if (status === 'STOPPING') return { ok: false, reason: PROJECT_LIFECYCLE_MESSAGES.stoppingNow };
      if (isVerifying(status)) return { ok: false, reason: PROJECT_LIFECYCLE_MESSAGES.verifyingNow };
      return { ok: false, reason: isRunning(status) ? PROJECT_LIFECYCLE_MESSAGES.alreadyRunning(status) : PROJECT_LIFECYCLE_MESSAGES.notStartable(status) };
    case 'start':
      if (status === 'SCHEDULED') return { ok: false, reason: PROJECT_LIFECYCLE_MESSAGES.scheduled };
      return STARTABLE.includes(status) ? { ok: true, next: 'STARTING' } : { ok: false, reason: PROJECT_LIFECYCLE_MESSAGES.notStartable(status) };
    case 'stop':
      return status === 'STARTING' || status === 'RUNNING' ? { ok: true, next: 'STOPPING' } : { ok: false, reason: PROJECT_LIFECYCLE_MESSAGES.notStoppable(status) };
    case 'startVerifying':
      if (!accountCreation) return { ok: false, reason: PROJECT_LIFECYCLE_MESSAGES.accountCreationOnly };
      return VERIFIABLE.includes(status) ? { ok: true, next: 'STARTING_VERIFYING' } : { ok: false, reason: PROJECT_LIFECYCLE_MESSAGES.notVerifiable(status) };
    case 'stopVerifying':
      if (!accountCreation) return { ok: false, reason: PROJECT_LIFECYCLE_MESSAGES.accountCreationOnly };
      return status === 'STARTING_VERIFYING' || status === 'VERIFYING'
        ? { ok: true, next: 'STOPPING_VERIFYING' }
        : { ok: false, reason: PROJECT_LIFECYCLE_MESSAGES.notVerifying(status) };
  }
}
