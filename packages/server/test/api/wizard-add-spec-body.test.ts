/**
 * PUT /rest/xwizards with the spec's body (spec 2 §7: `{id, strategy, name}`, issue 38 round 2):
 * the fields of the wizard it adds, so `id` is none yet and `strategy` the chosen strategy, as its
 * object (what GET /rest/strategies/{id} answers) or its id. LinkLoom's `{name, strategyId}` keeps
 * working; the owner check is the same; a body naming no strategy, two different ones or an
 * existing wizard's id is refused and adds nothing.
 */
import { describe, expect, it } from 'vitest';
import { StrategyResponseSchema, WIZARD_MESSAGES, WizardResponseSchema, WizardSummarySchema } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import type { Agent } from '../support/agent';

describe.each(DATABASES)("PUT /rest/xwizards with the spec's body on $kind", ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);
  const { ann, bob } = useTwoUsers(ctx, skip);
  const db = () => ctx.server.database.db;
  const count = async () => Number((await db().selectFrom('xwizards').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  const added = async (agent: Agent, body: unknown) => {
    const response = await agent.request('PUT', '/rest/xwizards', { body });
    expect(response.statusCode, response.body).toBe(201);
    const summary = WizardSummarySchema.parse(response.json());
    const wizard = WizardResponseSchema.parse((await agent.request('GET', `/rest/xwizards/${summary.id}`)).json()).wizard;
    return { summary, wizard };
  };

  it.skipIf(skip)('adds a wizard from {id, strategy, name}: the strategy as its object or its id, the id none yet', async () => {
    const strategy = StrategyResponseSchema.parse((await ann.agent.request('GET', '/rest/strategies/1')).json()).strategy;
    const byObject = await added(ann.agent, { id: null, strategy, name: ' Spec wizard ' });
    expect(byObject.summary).toMatchObject({ name: 'Spec wizard', strategyId: 1 });
    // The same wizard LinkLoom's own shape makes: the strategy's tiers and one Accounts project per node.
    const byOwnShape = await added(ann.agent, { name: 'Spec wizard', strategyId: 1 });
    expect({ ...byObject.wizard, id: byOwnShape.wizard.id }).toEqual(byOwnShape.wizard);
    expect(byObject.wizard).toMatchObject({ name: 'Spec wizard', depth: 2, strategy: { id: 1, name: strategy.name, strategy: strategy.strategy } });

    // The wizard's strategy object (id, name, description, diagram) and a bare id, without an id or with 0.
    const wizardStrategy = byObject.wizard.strategy!;
    expect((await added(ann.agent, { strategy: { ...wizardStrategy, id: 4 }, name: 'Wheel' })).summary).toMatchObject({ name: 'Wheel', strategyId: 4 });
    expect((await added(ann.agent, { id: 0, strategy: 2, name: 'Mixed' })).summary).toMatchObject({ name: 'Mixed', strategyId: 2 });
    // Both forms at once, agreeing.
    expect((await added(ann.agent, { id: null, strategy: 3, strategyId: 3, name: 'Both' })).summary).toMatchObject({ strategyId: 3 });

    // The user's own strategy by the spec's body; another user's answers 404 as with strategyId.
    const own = (await ann.agent.request('POST', '/rest/strategies', { body: { name: 'Mine' } })).json() as { id: number };
    expect((await added(ann.agent, { id: null, strategy: { id: own.id }, name: 'On mine' })).summary).toMatchObject({ strategyId: own.id });
    const before = await count();
    expect((await bob.agent.request('PUT', '/rest/xwizards', { body: { id: null, strategy: { id: own.id }, name: 'Not mine' } })).statusCode).toBe(404);
    expect((await bob.agent.request('PUT', '/rest/xwizards', { body: { id: null, strategy: own.id, name: 'Not mine' } })).statusCode).toBe(404);
    expect(await count()).toBe(before);
  });

  it.skipIf(skip)('refuses a body naming no strategy, two different ones, an existing id or no name, adding nothing', async () => {
    const existing = await added(ann.agent, { name: 'Existing', strategyId: 1 });
    const before = await count();
    const cases: [unknown, string][] = [
      [{ id: null, name: 'x' }, WIZARD_MESSAGES.strategyRequired],
      [{ id: null, strategy: null, name: 'x' }, WIZARD_MESSAGES.strategyRequired],
      [{ id: null, strategy: {}, name: 'x' }, WIZARD_MESSAGES.strategyRequired],
      [{ id: null, strategy: { id: '1' }, name: 'x' }, WIZARD_MESSAGES.strategyRequired],
      [{ id: null, strategy: '1', name: 'x' }, WIZARD_MESSAGES.strategyRequired],
      [{ id: null, strategy: 0, name: 'x' }, WIZARD_MESSAGES.strategyRequired],
      [{ id: null, strategy: 2, strategyId: 1, name: 'x' }, WIZARD_MESSAGES.strategyMismatch],
      [{ id: existing.summary.id, strategy: 1, name: 'x' }, WIZARD_MESSAGES.addWithId],
      [{ id: null, strategy: 1, name: ' ' }, WIZARD_MESSAGES.newWizardNameRequired],
    ];
    for (const [body, message] of cases) {
      const response = await ann.agent.request('PUT', '/rest/xwizards', { body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().error.message, JSON.stringify(body)).toBe(message);
    }
    expect(await count()).toBe(before);
  });
});
