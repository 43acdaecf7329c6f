import { describe, expect, it } from 'vitest';
import { SUCCESS_MESSAGE } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { buildCampaign } from '../support/factories';

interface JsonSchema {
  type?: string;
  properties?: Record<string, unknown>;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
}

/** An object schema has `success`; a union has it in every branch. */
function documentsSuccess(schema: JsonSchema): boolean {
  const branches = schema.oneOf ?? schema.anyOf;
  if (branches) return branches.every(documentsSuccess);
  return schema.properties?.success !== undefined;
}

describe.each(DATABASES)("the original's success envelope on $kind", ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);
  const { ann } = useTwoUsers(ctx, skip);

  it.skipIf(skip)('carries success.message "Success" on every GET /rest/* object answer, next to the own keys', async () => {
    const campaign = await buildCampaign(ctx.server.database.db, { ownerId: ann.id, name: 'Envelope' });
    const list = await ann.agent.request('GET', '/rest/campaigns');
    expect(list.statusCode).toBe(200);
    expect(list.json().success).toEqual({ message: SUCCESS_MESSAGE });
    expect(list.json().campaigns).toEqual(expect.arrayContaining([expect.objectContaining({ id: campaign.id, name: 'Envelope' })]));
    const detail = await ann.agent.request('GET', `/rest/campaign/${campaign.id}`);
    expect(detail.json()).toMatchObject({ success: { message: SUCCESS_MESSAGE } });

    const reads = ctx.server.routes.filter((route) => route.method === 'GET' && route.url.startsWith('/rest/'));
    expect(reads.length).toBeGreaterThan(10);
    const described = (await ann.agent.request('GET', '/docs/json')).json() as { paths: Record<string, { get?: { responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }> } }> };
    let objects = 0;
    for (const route of reads) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const okContent = described.paths[path]?.get?.responses['200']?.content ?? {};
      // A picture (a strategy's preview) documents its own type: it is no JSON answer.
      if (Object.keys(okContent).length > 0 && !('application/json' in okContent)) {
        expect(Object.keys(okContent), path).toEqual(['image/svg+xml']);
        continue;
      }
      const okSchema = okContent['application/json']?.schema;
      expect(okSchema, path).toBeDefined();
      // Lists answered as a bare array stay arrays: the original answers those the same way.
      if (!okSchema || okSchema.type === 'array') continue;
      objects += 1;
      expect(documentsSuccess(okSchema), `${path} documents success`).toBe(true);
    }
    expect(objects).toBeGreaterThan(10);
  });

  it.skipIf(skip)("keeps today's error shape for failures", async () => {
    const missing = await ann.agent.request('GET', '/rest/campaign/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { message: 'The requested item does not exist' } });
    const invalid = await ann.agent.request('GET', '/rest/campaign/abc');
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().success).toBeUndefined();
  });
});
