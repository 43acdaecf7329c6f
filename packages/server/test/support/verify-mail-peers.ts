/**
 * What the Verify mail integration tests share: a real Dovecot (scripts/peers/dovecot.sh) with the
 * given users, and a local site whose confirmation links (…/ConfirmEmail/<32 hex digits>) answer
 * 200 and are recorded, in the order they were followed; any other path answers 404.
 */
import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { startDovecotPeer, type DovecotPeer } from './dovecot-peers';

export interface VerifyMailPeers {
  peer: DovecotPeer;
  /** The confirmation site's host:port (127.0.0.1). */
  siteHost: string;
  /** The paths of the confirmation links followed on the site. */
  confirmed: string[];
}

/** For a describe block: the Dovecot peer with `users` (login → password) and the confirmation site, stopped afterwards. */
export function useVerifyMailPeers(users: Record<string, string>): VerifyMailPeers {
  const ctx: VerifyMailPeers = { peer: undefined as unknown as DovecotPeer, siteHost: '', confirmed: [] };
  let peer: DovecotPeer | undefined;
  let site: http.Server | undefined;
  beforeAll(async () => {
    ctx.peer = peer = await startDovecotPeer(users);
    const server = site = http.createServer((request, response) => {
      const ok = /ConfirmEmail\/[0-9a-f]{32}$/.test(request.url ?? '');
      if (ok) ctx.confirmed.push(request.url!);
      response.writeHead(ok ? 200 : 404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    ctx.siteHost = `127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => site?.close(resolve));
    await peer?.stop();
  });
  return ctx;
}
