/**
 * The baseline of bench/api-vs-raw.ts: a bare Fastify app with better-sqlite3 doing the same reads
 * as LinkLoom's GET /api/session and GET /rest/campaigns (the session cookie's SHA-256 looked up
 * with its user, then the user's campaigns and their grouped project counts) and answering with
 * JSON.stringify — no helmet, CSRF, schema or query builder. Reads the data directory LinkLoom
 * serves (WAL: both processes read at once). PORT and DB_FILE from the environment; STRATEGIES,
 * the built-in strategies as JSON (they live in LinkLoom's code, not in the database: the bench
 * passes what LinkLoom answers).
 */
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import Fastify from 'fastify';

const db = new Database(process.env.DB_FILE, { readonly: true });
const sessionUser = db.prepare(
  'select users.id, users.username, users.name from sessions inner join users on users.id = sessions.user_id where sessions.id = ? and sessions.expires_at > ?',
);
const campaigns = db.prepare('select id, name, campaign_status, creating_type from campaigns where owner_id = ? order by id desc');
const counts = db.prepare(
  "select campaign_id, status, count(*) as n from projects where owner_id = ? and status in ('SCHEDULED', 'RUNNING', 'STARTING', 'FAILED') group by campaign_id, status",
);
const STRATEGIES = JSON.parse(process.env.STRATEGIES ?? '[]');
const KEYS = { SCHEDULED: 'scheduled', RUNNING: 'running', STARTING: 'starting', FAILED: 'failed' };

function user(request) {
  const match = /(?:^|;\s*)linkloom_session=([^;]*)/.exec(request.headers.cookie ?? '');
  if (!match) return undefined;
  return sessionUser.get(createHash('sha256').update(decodeURIComponent(match[1])).digest('hex'), Date.now());
}

const app = Fastify();
app.get('/api/session', async (request, reply) => {
  const found = user(request);
  if (!found) return reply.code(401).send({ message: 'no session' });
  return { name: found.name, username: found.username };
});
app.get('/rest/campaigns', async (request, reply) => {
  const found = user(request);
  if (!found) return reply.code(401).send({ message: 'no session' });
  const byCampaign = new Map();
  for (const row of counts.all(found.id)) {
    const count = byCampaign.get(row.campaign_id) ?? { scheduled: 0, running: 0, starting: 0, failed: 0 };
    count[KEYS[row.status]] = row.n;
    byCampaign.set(row.campaign_id, count);
  }
  const rows = campaigns.all(found.id).map((row) => ({
    id: row.id, name: row.name, campaignStatus: row.campaign_status, creatingType: row.creating_type,
    projectCount: byCampaign.get(row.id) ?? { scheduled: 0, running: 0, starting: 0, failed: 0 },
  }));
  return { campaigns: rows, strategies: STRATEGIES, success: { message: 'Success' } };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
