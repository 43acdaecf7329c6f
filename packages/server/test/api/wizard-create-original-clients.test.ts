/**
 * PUT /action/create/xcampaign as clients of the original send it (issue 38, round 2): the lz-string
 * text under `application/json` (as well as `text/plain` and as a JSON string); `startDate` as the
 * spec's `DD/MM/YYYY HH:mm` (UTC), ISO 8601 or epoch milliseconds; `emailSource: "RANKERX"`, the
 * original's name of the product's own mail source (ours: LINKLOOM). A body still refused answers
 * 422 naming each field in its details, and creates nothing.
 */
import lzString from 'lz-string';
import { describe, expect, it } from 'vitest';
import { WIZARD_CREATE_MESSAGES, WIZARD_MESSAGES, WizardCreateCampaignResponseSchema, WizardFieldErrorsResponseSchema, WizardSchema, type Wizard } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { filledWizard } from '../support/wizard-factories';
import type { Agent } from '../support/agent';

const START = '01/02/2030 10:00';
const START_MS = Date.UTC(2030, 1, 1, 10, 0);

describe.each(DATABASES)("PUT /action/create/xcampaign from the original's clients on $kind", ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);
  const { ann } = useTwoUsers(ctx, skip);
  const db = () => ctx.server.database.db;
  const campaignCount = async () => Number((await db().selectFrom('campaigns').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  /** Strategy 4 (the wheel) filled as the editor fills it, every tab valid. */
  const wizardOf = (agent: Agent, ownerId: number): Promise<Wizard> => filledWizard(db(), agent, ownerId, 4, START);
  const create = (agent: Agent, body: unknown, contentType?: string) =>
    agent.request('PUT', '/action/create/xcampaign', { body, ...(contentType ? { headers: { 'content-type': contentType } } : {}) });
  const created = async (agent: Agent, body: unknown, contentType?: string) => {
    const response = await create(agent, body, contentType);
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    return WizardCreateCampaignResponseSchema.parse(response.json());
  };
  /** The campaign's stored wizard and its projects' schedules and forms. */
  const madeOf = async (campaignId: number) => {
    const campaign = await db().selectFrom('campaigns').select('wizard_string').where('id', '=', campaignId).executeTakeFirstOrThrow();
    const projects = await db().selectFrom('projects').select(['schedule', 'settings', 'next_run_at']).where('campaign_id', '=', campaignId).execute();
    return {
      wizard: WizardSchema.parse(JSON.parse(campaign.wizard_string!)),
      projects: projects.map((row) => ({
        schedule: JSON.parse(row.schedule ?? '{}') as { scheduleType?: string; startDate?: string },
        form: JSON.parse(row.settings) as { emailSource?: string },
        nextRunAt: row.next_run_at === null ? null : Number(row.next_run_at),
      })),
    };
  };

  it.skipIf(skip)('reads the lz-string text sent as application/json, as text/plain and as a JSON string; other broken JSON stays 400', async () => {
    const wizard = await wizardOf(ann.agent, ann.id);
    const packed = lzString.compressToEncodedURIComponent(JSON.stringify({ wizard }));
    for (const [body, type] of [[packed, 'application/json'], [packed, 'application/json; charset=utf-8'], [`${packed}\n`, 'application/json'], [packed, 'text/plain'], [JSON.stringify(packed), 'application/json']] as const) {
      const answer = await created(ann.agent, body, type);
      expect((await madeOf(answer.campaignId)).wizard).toMatchObject({ campaignName: wizard.campaignName, startDate: START });
    }
    const before = await campaignCount();
    const broken = await create(ann.agent, '{"wizard": ', 'application/json');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).toBe('The request body is not valid JSON');
    const notPacked = await create(ann.agent, 'not-a-packed-body', 'application/json');
    expect(notPacked.statusCode).toBe(400);
    expect(await campaignCount()).toBe(before);
  });

  it.skipIf(skip)('takes startDate as DD/MM/YYYY HH:mm, ISO 8601 or epoch milliseconds: the same UTC start', async () => {
    const wizard = await wizardOf(ann.agent, ann.id);
    const forms: unknown[] = [START, START_MS, '2030-02-01T10:00:00Z', '2030-02-01T10:00:00.000Z', '2030-02-01T11:00+01:00', '2030-02-01T10:00', '2030-02-01 10:00:59Z'];
    for (const startDate of forms) {
      const answer = await created(ann.agent, { wizard: { ...wizard, startDate } });
      const made = await madeOf(answer.campaignId);
      expect(made.wizard.startDate, String(startDate)).toBe(START);
      const fixed = made.projects.filter((p) => p.schedule.scheduleType === 'FixedDate');
      expect(fixed.length).toBeGreaterThan(0);
      for (const project of fixed) {
        expect(project.schedule.startDate).toBe(START);
        expect(project.nextRunAt).toBe(START_MS);
      }
    }
    // The compressed form too.
    const packed = lzString.compressToEncodedURIComponent(JSON.stringify({ wizard: { ...wizard, startDate: START_MS } }));
    expect((await madeOf((await created(ann.agent, packed, 'application/json')).campaignId)).wizard.startDate).toBe(START);
  });

  it.skipIf(skip)("takes emailSource RANKERX as LinkLoom's own mail source", async () => {
    const wizard = await wizardOf(ann.agent, ann.id);
    const answer = await created(ann.agent, { wizard: { ...wizard, emailSource: 'RANKERX' } });
    const made = await madeOf(answer.campaignId);
    expect(made.wizard.emailSource).toBe('LINKLOOM');
    const withSource = made.projects.filter((p) => p.form.emailSource !== undefined);
    expect(withSource.length).toBeGreaterThan(0);
    expect(withSource.every((p) => p.form.emailSource === 'LINKLOOM')).toBe(true);
  });

  it.skipIf(skip)('names the field of every 422 that remains, and creates nothing', async () => {
    const wizard = await wizardOf(ann.agent, ann.id);
    const before = await campaignCount();
    const cases: [unknown, string, string[]][] = [
      [{ wizard: { ...wizard, startDate: 1.5 } }, WIZARD_CREATE_MESSAGES.startDateForm, [`wizard.startDate: ${WIZARD_CREATE_MESSAGES.startDateForm}`]],
      [{ wizard: { ...wizard, startDate: -1 } }, WIZARD_CREATE_MESSAGES.startDateForm, [`wizard.startDate: ${WIZARD_CREATE_MESSAGES.startDateForm}`]],
      [{ wizard: { ...wizard, startDate: true } }, '', ['wizard.startDate: ']],
      [{ wizard: { ...wizard, emailSource: 'ELSEWHERE' } }, '', ['wizard.emailSource: ']],
      [{ wizard: { ...wizard, nDay: 'two' } }, '', ['wizard.nDay: ']],
      [{ wizard: { ...wizard, startDate: 1.5, nDay: 'two' } }, '', ['wizard.nDay: ', `wizard.startDate: ${WIZARD_CREATE_MESSAGES.startDateForm}`]],
      [{ wizard, saveWizard: 'yes' }, '', ['saveWizard: ']],
      [lzString.compressToEncodedURIComponent(JSON.stringify({ wizard: { ...wizard, startDate: 1.5 } })), WIZARD_CREATE_MESSAGES.startDateForm, [`wizard.startDate: ${WIZARD_CREATE_MESSAGES.startDateForm}`]],
    ];
    for (const [body, message, details] of cases) {
      const response = await create(ann.agent, body, typeof body === 'string' ? 'text/plain' : undefined);
      expect(response.statusCode, JSON.stringify(body).slice(0, 200)).toBe(422);
      const error = (response.json() as { error: { message: string; details: string[] } }).error;
      if (message !== '') expect(error.message).toBe(message);
      expect(error.details).toHaveLength(details.length);
      // `field: ` alone: that field named with some message; else the whole line.
      const matches = (line: string, start: string) => (start.endsWith(': ') ? line.startsWith(start) && line.length > start.length : line === start);
      for (const start of details) expect(error.details.some((line) => matches(line, start)), `${start} in ${JSON.stringify(error.details)}`).toBe(true);
    }
    // A start date text that is no date at all is the Schedule tab's rule, which names startDate too.
    const text = await create(ann.agent, { wizard: { ...wizard, startDate: 'next Tuesday' } });
    expect(text.statusCode).toBe(422);
    expect(WizardFieldErrorsResponseSchema.parse(text.json()).error).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'startDate', message: WIZARD_MESSAGES.startDateRequired })]));
    expect(await campaignCount()).toBe(before);
  });
});
