import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { EMAIL_MESSAGES, MAIL_ERROR_MESSAGES } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import type { Agent } from '../support/agent';
import {
  startBannerServer, startEndlessGreetingPop3, startImapStandIn, startLiteralFloodImap, startPop3Refusing, startPop3StandIn,
  type MailStandIn,
} from '../support/mail-stand-ins';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const MB = 1024 * 1024;
const SPELLINGS_OF_LOOPBACK = ['127.0.0.1', 'localhost', '2130706433'];
const SSH_BANNER = 'SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u3 internal-build-host\r\n';

type Protocol = 'pop3' | 'imap';
/** The ways a mail server is reached: plain, implicit TLS, and STARTTLS / STLS. */
const TRANSPORTS = [{ SSL: false }, { SSL: true }, { SSL: false, startTls: true }];

const loginBody = (server: string, port: number, mailProtocol: Protocol, overrides: Record<string, unknown> = {}) => ({
  emailAddress: 'ann@mail.test', emailLogin: 'ann', emailPassword: 'pw', emailServer: server, emailServerPort: port, mailProtocol,
  SSL: false, ...overrides,
});
const errorOf = (response: { json(): unknown }) => (response.json() as { error: { message: string } }).error.message;
const testLogin = (agent: Agent, body: Record<string, unknown>) => agent.request('POST', '/action/email/test_login', { body });

/** The policy's refusal of a loopback address, as `host` spells it (a name shows the address it resolved to). */
function refusalOf(host: string): RegExp {
  const named = host === '127.0.0.1' ? '127\\.0\\.0\\.1' : `${host} \\((127\\.0\\.0\\.1|::1)\\)`;
  return new RegExp(`^Refused to connect to ${named}: it is a loopback address \\(this server itself\\)\\. .*OUTBOUND_ALLOW$`);
}

async function withStandIns<T>(starts: Promise<MailStandIn>[], run: (standIns: MailStandIn[]) => Promise<T>): Promise<T> {
  const standIns = await Promise.all(starts);
  try {
    return await run(standIns);
  } finally {
    await Promise.all(standIns.map((standIn) => standIn.close()));
  }
}

/** Most requests the other user makes alongside one login (a guard against a login that never settles). */
const MAX_ALONGSIDE = 5_000;

/**
 * Runs `work` while another user asks GET /api/session again and again (at least three times, a
 * few milliseconds apart so the mail sockets get their turns: an injected request may answer
 * without ever leaving the microtask queue). Answers their status codes; a stalled event loop
 * would show as requests that never answer.
 */
async function withOtherUserAlongside<T>(work: Promise<T>, other: Agent): Promise<{ result: T; answers: number[] }> {
  let done = false;
  const settled = work.finally(() => {
    done = true;
  });
  const answers: number[] = [];
  while ((!done || answers.length < 3) && answers.length < MAX_ALONGSIDE) {
    answers.push((await other.request('GET', '/api/session')).statusCode);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return { result: await settled, answers };
}

/** The largest RSS rise over `before` while `work` runs (sampled) and once it is done (after a gc). */
async function rssRiseDuring<T>(work: () => Promise<T>): Promise<{ result: T; riseMb: number }> {
  gc();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  try {
    const result = await work();
    gc();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, riseMb: (peak - before) / MB };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * Mail test login through the outbound policy (issue 33.1, 33.3, 33.5) against real local
 * listeners, on both databases: refused addresses get no connection at all; OUTBOUND_ALLOW opens
 * exactly what it names; a server's banner or error text never reaches the user; a hostile server
 * (a gigabyte literal, an endless greeting) ends the login with a clear reason, raises RSS by
 * less than 50 MB and never keeps another user's requests from answering.
 */
describe.each(DATABASES)('mail test login and the outbound policy on $kind', ({ kind, skip }) => {
  describe('OUTBOUND_ALLOW empty (the default)', () => {
    const ctx = useTestServer(kind, skip, { env: { OUTBOUND_ALLOW: '' } });
    const { ann } = useTwoUsers(ctx, skip);

    it.skipIf(skip)('refuses this machine in every spelling, POP3 and IMAP, plain, TLS and STARTTLS, and never connects', async () => {
      await withStandIns([startPop3StandIn(), startImapStandIn()], async ([pop3, imap]) => {
        for (const host of SPELLINGS_OF_LOOPBACK) {
          for (const [protocol, standIn] of [['pop3', pop3!], ['imap', imap!]] as const) {
            for (const transport of TRANSPORTS) {
              const answer = await testLogin(ann.agent, loginBody(host, standIn.port, protocol, transport));
              const what = `${protocol} ${host} ${JSON.stringify(transport)}`;
              expect(answer.statusCode, what).toBe(422);
              expect(errorOf(answer), what).toMatch(refusalOf(host));
            }
          }
        }
        expect(pop3!.connections()).toBe(0);
        expect(imap!.connections()).toBe(0);
      });
    });
  });

  describe('OUTBOUND_ALLOW naming 127.0.0.1', () => {
    const ctx = useTestServer(kind, skip, { env: { OUTBOUND_ALLOW: '127.0.0.1' } });
    const { ann } = useTwoUsers(ctx, skip);

    it.skipIf(skip)('connects to 127.0.0.1 in every spelling, over POP3 and IMAP, and still refuses ::1, which it does not name', async () => {
      await withStandIns([startPop3StandIn(3), startImapStandIn(3)], async ([pop3, imap]) => {
        for (const host of SPELLINGS_OF_LOOPBACK) {
          for (const [protocol, standIn] of [['pop3', pop3!], ['imap', imap!]] as const) {
            const answer = await testLogin(ann.agent, loginBody(host, standIn.port, protocol));
            expect(answer.statusCode, `${protocol} ${host}: ${answer.body}`).toBe(200);
            expect(answer.json()).toEqual({ message: EMAIL_MESSAGES.testSucceeded, messages: 3, spamFolder: null });
          }
        }
        expect(pop3!.connections()).toBe(3);
        expect(imap!.connections()).toBe(3);
        const ipv6 = await testLogin(ann.agent, loginBody('::1', pop3!.port, 'pop3'));
        expect(ipv6.statusCode).toBe(422);
        expect(errorOf(ipv6)).toMatch(/^Refused to connect to ::1: it is a loopback address/);
      });
    });
  });

  describe('wrong and hostile servers (loopback opened, as for every test peer)', () => {
    const ctx = useTestServer(kind, skip);
    const { ann, bob } = useTwoUsers(ctx, skip);

    it.skipIf(skip)("says an SSH daemon or a web server is not a mail server, and never shows its banner", async () => {
      const httpBanner = 'HTTP/1.1 400 Bad Request\r\nServer: internal-admin-console/2.1\r\n\r\n';
      await withStandIns([startBannerServer(SSH_BANNER), startBannerServer(httpBanner)], async ([ssh, http]) => {
        for (const standIn of [ssh!, http!]) {
          for (const [protocol, name] of [['pop3', 'POP3'], ['imap', 'IMAP']] as const) {
            const plain = await testLogin(ann.agent, loginBody('127.0.0.1', standIn.port, protocol));
            expect(plain.statusCode).toBe(422);
            expect(errorOf(plain)).toBe(MAIL_ERROR_MESSAGES.notMailServer(name, '127.0.0.1', standIn.port));
            const secure = await testLogin(ann.agent, loginBody('127.0.0.1', standIn.port, protocol, { SSL: true }));
            expect(secure.statusCode).toBe(422);
            expect(errorOf(secure)).toBe(MAIL_ERROR_MESSAGES.tls('the server does not speak TLS on this port'));
            for (const answer of [plain, secure]) expect(answer.body).not.toMatch(/SSH|OpenSSH|internal|HTTP\/1\.1|Bad Request/);
          }
        }
      });
    });

    it.skipIf(skip)("names the POP3 command a server refused, not the server's text", async () => {
      await withStandIns([startPop3Refusing('secret: connection from 10.1.2.3 to db-primary refused')], async ([refusing]) => {
        const answer = await testLogin(ann.agent, loginBody('127.0.0.1', refusing!.port, 'pop3'));
        expect(answer.statusCode).toBe(422);
        expect(errorOf(answer)).toBe(MAIL_ERROR_MESSAGES.protocol('the answer to USER'));
        expect(answer.body).not.toContain('secret');
      });
    });

    it.skipIf(skip)('stops an IMAP server announcing and sending a 1,000,000,000-byte literal: a clear reason, RSS +<50 MB, others answered', async () => {
      await withStandIns([startLiteralFloodImap(), startImapStandIn()], async ([flood, warmUp]) => {
        // The first IMAP session loads imapflow: that is the module's cost, not the hostile server's.
        expect((await testLogin(ann.agent, loginBody('127.0.0.1', warmUp!.port, 'imap'))).statusCode).toBe(200);
        const { result: { result: answer, answers }, riseMb } = await rssRiseDuring(
          () => withOtherUserAlongside(testLogin(ann.agent, loginBody('127.0.0.1', flood!.port, 'imap')), bob.agent),
        );
        expect(answer.statusCode).toBe(422);
        expect(errorOf(answer)).toBe(MAIL_ERROR_MESSAGES.tooLarge('a message over 64 KB'));
        expect(answers.every((status) => status === 200), JSON.stringify(answers)).toBe(true);
        expect(riseMb).toBeLessThan(50);
        expect(flood!.bytesSent()).toBeLessThan(1_000_000_000);
      });
    });

    it.skipIf(skip)('stops a POP3 server whose 64 MB greeting has no line break: a clear reason, RSS +<50 MB, others answered', async () => {
      await withStandIns([startEndlessGreetingPop3()], async ([endless]) => {
        const { result: { result: answer, answers }, riseMb } = await rssRiseDuring(
          () => withOtherUserAlongside(testLogin(ann.agent, loginBody('127.0.0.1', endless!.port, 'pop3')), bob.agent),
        );
        expect(answer.statusCode).toBe(422);
        expect(errorOf(answer)).toBe(MAIL_ERROR_MESSAGES.tooLarge('a line over 64 KB'));
        expect(answer.body).not.toContain('aaaa');
        expect(answers.every((status) => status === 200), JSON.stringify(answers)).toBe(true);
        expect(riseMb).toBeLessThan(50);
      });
    });
  });
});
