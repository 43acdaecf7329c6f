import { describe, expect, it } from 'vitest';
import { RandomInfoSchema } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { Agent, signedIn } from '../support/agent';
import { buildUser } from '../support/factories';
import { FIRST_NAMES, LAST_NAMES } from '../../src/features/random-info/word-lists';

describe.each(DATABASES)('GET /random_info on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);

  it.skipIf(skip)('answers a made-up profile from the shipped word lists, different each time', async () => {
    const agent = await signedIn(ctx.server.app, await buildUser(ctx.server.database.db));
    const answers = [];
    for (let i = 0; i < 20; i += 1) {
      const response = await agent.request('GET', '/random_info');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      answers.push(RandomInfoSchema.parse(response.json()));
    }
    for (const info of answers) {
      expect(FIRST_NAMES).toContain(info.firstName);
      expect(LAST_NAMES).toContain(info.lastName);
      expect(info.username).toMatch(new RegExp(`^${info.firstName}${info.lastName}\\d{2,4}$`, 'i'));
      expect(info.password).toMatch(/^[a-zA-Z2-9]{14}$/);
      expect(info.blogTitle).toMatch(/^\w+ \w+ \w+$/);
      expect(info.blogName).toMatch(/^[a-z]+-[a-z]+-[a-z]+-\d{2,3}$/);
    }
    expect(new Set(answers.map((a) => a.password)).size).toBe(20);
  });

  it.skipIf(skip)('needs a session', async () => {
    expect((await new Agent(ctx.server.app).request('GET', '/random_info')).statusCode).toBe(401);
  });
});
