/**
 * Issue 33: what the outbound policy costs a connection. New connections (no keep-alive) to a local
 * page through undici with a plain Agent (the baseline) and through the egress agent (resolve, check
 * the address, connect), in interleaved rounds; and the address check alone. Goal: ≤ 0.1 ms per
 * connection. Prints min / median / max of the rounds. Asserts nothing.
 */
import './support/local-peers';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { egressAgentWith } from '../packages/server/src/platform/egress/egress-dispatcher';
import { checkOutbound, outboundPolicy } from '../packages/server/src/platform/egress/outbound-policy';

const ROUNDS = Number(process.env.BENCH_OUTBOUND_ROUNDS ?? 7);
const CONNECTIONS = Number(process.env.BENCH_OUTBOUND_CONNECTIONS ?? 1000);

const server = http.createServer((_request, response) => response.writeHead(200, { connection: 'close', 'content-length': '2' }).end('ok'));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as AddressInfo;
const url = `http://localhost:${port}/`;

/** Milliseconds for CONNECTIONS sequential requests, each on a new connection. */
async function timeConnections(agent: Agent): Promise<number> {
  const start = process.hrtime.bigint();
  for (let i = 0; i < CONNECTIONS; i++) {
    const answer = await request(url, { dispatcher: agent, reset: true });
    await answer.body.text();
  }
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0]!, median: sorted[Math.floor(sorted.length / 2)]!, max: sorted.at(-1)! };
};
const fmt = (value: number) => value.toFixed(3);

const plain = new Agent({ pipelining: 0 });
const egress = egressAgentWith({ pipelining: 0 });
await timeConnections(plain); // warm-up of both paths
await timeConnections(egress);
const perConnection: { plain: number[]; egress: number[]; overhead: number[] } = { plain: [], egress: [], overhead: [] };
for (let round = 0; round < ROUNDS; round++) {
  // Interleaved, alternating which goes first, so drift on the machine falls on both.
  const order = round % 2 === 0 ? ([plain, egress] as const) : ([egress, plain] as const);
  const times = new Map<Agent, number>();
  for (const agent of order) times.set(agent, (await timeConnections(agent)) / CONNECTIONS);
  perConnection.plain.push(times.get(plain)!);
  perConnection.egress.push(times.get(egress)!);
  perConnection.overhead.push(times.get(egress)! - times.get(plain)!);
}

const policy = outboundPolicy();
const checks = 1_000_000;
const start = process.hrtime.bigint();
for (let i = 0; i < checks; i++) checkOutbound(policy, i % 2 ? '93.184.215.14' : '127.0.0.1', 'example.com');
const checkUs = Number(process.hrtime.bigint() - start) / 1e3 / checks;

const p = stats(perConnection.plain);
const e = stats(perConnection.egress);
const o = stats(perConnection.overhead);
process.stdout.write('\nOutbound policy (issue 33): a new connection per request to a local page, ms per connection, min / median / max\n');
process.stdout.write(`  plain undici Agent (baseline)    ${fmt(p.min)} / ${fmt(p.median)} / ${fmt(p.max)}\n`);
process.stdout.write(`  egress agent (policy)            ${fmt(e.min)} / ${fmt(e.median)} / ${fmt(e.max)}\n`);
process.stdout.write(`  overhead per connection          ${fmt(o.min)} / ${fmt(o.median)} / ${fmt(o.max)}   (goal ≤ 0.100 ms)\n`);
process.stdout.write(`  the address check alone          ${checkUs.toFixed(3)} µs per check\n`);
await Promise.all([plain.close(), egress.close()]);
server.close();
