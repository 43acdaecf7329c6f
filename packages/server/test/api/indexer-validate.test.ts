import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { SPEEDY_ACCOUNT_PATH, startIndexingServicesStandIn, type IndexingServicesStandIn } from '../support/indexing-services-stand-in';

let standIn: IndexingServicesStandIn;
beforeAll(async () => {
  standIn = await startIndexingServicesStandIn();
  process.env.INDEXING_SERVICES_BASE_URL_OVERRIDE = standIn.url;
});
afterAll(async () => {
  delete process.env.INDEXING_SERVICES_BASE_URL_OVERRIDE;
  await standIn.close();
});

/** The Indexer tab's Validate (issue 15.6): the service's own key check where it publishes one. */
describe.each(DATABASES)('indexer key validation on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);
  const { ann } = useTwoUsers(ctx, skip);
  const validate = async (indexerSource: string, apiKey: string) => {
    const response = await ann.agent.request('POST', '/action/check_balance/indexer', { body: { indexerSource, apiKey } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { status: string; balance?: number; message: string };
  };

  it.skipIf(skip)('checks a SpeedyIndex key by its balance, says IndexNow needs none, and that the others publish no check', async () => {
    expect(await validate('SpeedyIndex', 'speedy-key')).toEqual({ status: 'valid', balance: 120, message: 'Valid: 120 indexer credits' });
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'GET', path: SPEEDY_ACCOUNT_PATH });
    expect(await validate('SpeedyIndex', 'wrong')).toEqual({ status: 'invalid', balance: -1, message: 'SpeedyIndex refused this API key' });
    expect((await validate('SpeedyIndex', ' ')).status).toBe('invalid');
    expect((await validate('IndexNow', '')).status).toBe('valid');
    expect(await validate('OmegaIndexer', 'omega-key')).toEqual({ status: 'unsupported', message: 'Omega Indexer publishes no key check: the key is tried on the first submission' });
    expect((await validate('Nobody', 'k')).status).toBe('error');
  });
});
