import { describe, expect, it } from 'vitest';
import { PROJECT_STATUSES } from '../src/constants/modules';
import { PROJECT_LIFECYCLE_MESSAGES, canEdit, runNowButton, startStopButton, transition, verifyButton } from '../src/domain/project-lifecycle';

const idle = { editing: false, accountCreation: false };

describe('Start / Stop button (spec 1 §4)', () => {
  it('starts in NEW, COMPLETED, STOPPED and FAILED', () => {
    for (const status of ['NEW', 'COMPLETED', 'STOPPED', 'FAILED']) expect(startStopButton(status, idle)).toEqual({ label: 'Start', action: 'start' });
  });
  it('reads Stop only while RUNNING, and stops in STARTING or RUNNING', () => {
    expect(startStopButton('RUNNING', idle)).toEqual({ label: 'Stop', action: 'stop' });
    expect(startStopButton('STARTING', idle)).toEqual({ label: 'Start', action: 'stop' });
  });
  it('shows the popover for a scheduled project instead of starting it', () => {
    expect(startStopButton('SCHEDULED', idle)).toEqual({
      label: 'Start', action: null,
      popover: { title: 'Cannot start the project', content: 'The project is scheduled, you need to delete the schedule first' },
    });
  });
  it('is disabled while editing, and for account creation while verifying', () => {
    for (const status of PROJECT_STATUSES) expect(startStopButton(status, { editing: true, accountCreation: false }).action).toBeNull();
    for (const status of ['STARTING_VERIFYING', 'VERIFYING', 'STOPPING_VERIFYING']) {
      expect(startStopButton(status, { editing: false, accountCreation: true }).action).toBeNull();
    }
  });
  it('does nothing in the other states', () => {
    for (const status of ['STOPPING', 'STARTING_DOWNLOADING', 'DOWNLOADING', 'STOPPING_DOWNLOADING', 'STOPPING_VERIFYING']) {
      expect(startStopButton(status, idle).action).toBeNull();
    }
  });
});

describe('Edit / Save', () => {
  it('is disabled while STARTING, RUNNING or STOPPING, and for account creation while verifying', () => {
    for (const status of PROJECT_STATUSES) {
      const running = ['STARTING', 'RUNNING', 'STOPPING'].includes(status);
      const verifying = status.endsWith('VERIFYING');
      expect(canEdit(status, false), status).toBe(!running);
      expect(canEdit(status, true), status).toBe(!running && !verifying);
    }
  });
});

describe('Verify mail (account creation)', () => {
  it('starts in NEW, COMPLETED, STOPPED, SCHEDULED or FAILED when not editing', () => {
    for (const status of ['NEW', 'COMPLETED', 'STOPPED', 'SCHEDULED', 'FAILED']) expect(verifyButton(status, false)).toEqual({ label: 'Verify mail', action: 'startVerifying' });
    expect(verifyButton('NEW', true).action).toBeNull();
  });
  it('reads Stop verifying in STARTING_VERIFYING or VERIFYING', () => {
    expect(verifyButton('VERIFYING', false)).toEqual({ label: 'Stop verifying', action: 'stopVerifying' });
    expect(verifyButton('STARTING_VERIFYING', false)).toEqual({ label: 'Stop verifying', action: 'stopVerifying' });
  });
  it('is disabled while the project runs', () => {
    for (const status of ['STARTING', 'RUNNING', 'STOPPING']) expect(verifyButton(status, false).action).toBeNull();
  });
});

describe('server transitions', () => {
  it('agrees with the buttons for every status and action', () => {
    for (const status of PROJECT_STATUSES) {
      const start = startStopButton(status, idle);
      expect(transition(status, 'start', false).ok, status).toBe(start.action === 'start');
      expect(transition(status, 'stop', false).ok, status).toBe(start.action === 'stop');
      const verify = verifyButton(status, false);
      expect(transition(status, 'startVerifying', true).ok, status).toBe(verify.action === 'startVerifying');
      expect(transition(status, 'stopVerifying', true).ok, status).toBe(verify.action === 'stopVerifying');
    }
  });
  it('names the next status and the reason for a refusal', () => {
    expect(transition('NEW', 'start', false)).toEqual({ ok: true, next: 'STARTING' });
    expect(transition('RUNNING', 'stop', false)).toEqual({ ok: true, next: 'STOPPING' });
    expect(transition('FAILED', 'startVerifying', true)).toEqual({ ok: true, next: 'STARTING_VERIFYING' });
    expect(transition('VERIFYING', 'stopVerifying', true)).toEqual({ ok: true, next: 'STOPPING_VERIFYING' });
    expect(transition('SCHEDULED', 'start', false)).toEqual({ ok: false, reason: PROJECT_LIFECYCLE_MESSAGES.scheduled });
    expect(transition('RUNNING', 'start', false)).toEqual({ ok: false, reason: 'The project cannot be started while it is RUNNING' });
    expect(transition('NEW', 'startVerifying', false)).toEqual({ ok: false, reason: 'Only account creation projects verify email' });
  });
});

describe('Run now (issue 35)', () => {
  it('starts a scheduled project, and any project Start could start', () => {
    for (const status of ['SCHEDULED', 'NEW', 'COMPLETED', 'STOPPED', 'FAILED']) {
      expect(transition(status, 'runNow', false), status).toEqual({ ok: true, next: 'STARTING' });
      expect(runNowButton(status, idle), status).toEqual({ label: 'Run now', action: 'runNow', reason: null });
    }
  });
  it('says what to do instead while the project runs, stops, verifies or is edited', () => {
    expect(transition('RUNNING', 'runNow', false)).toEqual({ ok: false, reason: PROJECT_LIFECYCLE_MESSAGES.alreadyRunning('RUNNING') });
    expect(transition('STARTING', 'runNow', false)).toEqual({ ok: false, reason: PROJECT_LIFECYCLE_MESSAGES.alreadyRunning('STARTING') });
    expect(transition('STOPPING', 'runNow', false)).toEqual({ ok: false, reason: PROJECT_LIFECYCLE_MESSAGES.stoppingNow });
    expect(transition('VERIFYING', 'runNow', true)).toEqual({ ok: false, reason: PROJECT_LIFECYCLE_MESSAGES.verifyingNow });
    expect(runNowButton('RUNNING', idle)).toMatchObject({ action: null, reason: PROJECT_LIFECYCLE_MESSAGES.alreadyRunning('RUNNING') });
    expect(runNowButton('SCHEDULED', { ...idle, editing: true })).toMatchObject({ action: null, reason: PROJECT_LIFECYCLE_MESSAGES.whileEditing });
  });
});
