import v8 from 'node:v8';
import vm from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { EmailSettingsSchema, MAIL_ERROR_MESSAGES, type EmailSettings } from '@linkloom/shared';
import { confirmByMail, type LinkFetch } from '../../src/engine/mail/confirm-by-mail';
import { MailError } from '../../src/engine/mail/mail-error';
import { TEST_LOGIN_LIMITS } from '../../src/engine/mail/mail-limits';
import { openImapSession } from '../../src/engine/mail/imap-mailbox';
import { Pop3Client } from '../../src/engine/mail/pop3-client';
import { outboundPolicy, parseOutboundAllow, setOutboundPolicy } from '../../src/platform/egress/outbound-policy';
import {
  startEndlessAnswerPop3, startLyingSizeImap, startPop3StandIn, startTricklingServer, type MailStandIn,
} from '../support/mail-stand-ins';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const SITE = 'http://wiki.mail.test';
const ACCOUNT = { email: 'new.user@mail.test', siteUrl: SITE, since: new Date(Date.now() - 3_600_000) };
const neverFollowed: LinkFetch = async () => {
  throw new Error('no link should be followed');
};

const settingsFor = (port: number, mailProtocol: 'pop3' | 'imap', server = '127.0.0.1'): EmailSettings => EmailSettingsSchema.parse({
  emailLogin: 'ann', emailPassword: 'pw', emailServer: server, emailServerPort: port, mailProtocol, SSL: false,
});

const opened: MailStandIn[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((standIn) => standIn.close()));
});
async function started(standIn: Promise<MailStandIn>): Promise<MailStandIn> {
  opened.push(await standIn);
  return opened.at(-1)!;
}

/** The MailError `work` rejects with, and the largest RSS rise over the start while it ran (sampled, and after a gc). */
async function failureAndRss(work: () => Promise<unknown>): Promise<{ error: MailError; riseMb: number }> {
  gc();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  try {
    const error = await work().then(() => null, (caught: unknown) => caught);
    gc();
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(error).toBeInstanceOf(MailError);
    return { error: error as MailError, riseMb: (peak - before) / (1024 * 1024) };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * Verification's caps (issue 33.5) against hostile local servers: a message is read up to 4 MB
 * whatever size the server claimed, a session ends at its total time however busily the server
 * trickles, and the outbound policy refuses before connecting. No link is ever followed.
 */
describe('mail verification caps', () => {
  it('IMAP: a source announced at 1,000,000,000 bytes after RFC822.SIZE said 100 ends the session at 4 MB', async () => {
    // The first IMAP session loads imapflow: the module's cost, not the hostile server's.
    await (await openImapSession(settingsFor((await started(startLyingSizeImap(10))).port, 'imap'), TEST_LOGIN_LIMITS)).end();
    const liar = await started(startLyingSizeImap());
    const { error, riseMb } = await failureAndRss(() => confirmByMail(settingsFor(liar.port, 'imap'), ACCOUNT, neverFollowed));
    expect(error.message).toBe(MAIL_ERROR_MESSAGES.tooLarge('a message over 4 MB'));
    expect(riseMb).toBeLessThan(50);
  });

  it.each(['TOP', 'RETR'] as const)('POP3: a %s answer that never ends is read up to 4 MB', async (endless) => {
    const server = await started(startEndlessAnswerPop3(ACCOUNT.email, 'wiki@wiki.mail.test', endless));
    const { error, riseMb } = await failureAndRss(() => confirmByMail(settingsFor(server.port, 'pop3'), ACCOUNT, neverFollowed));
    expect(error.message).toBe(MAIL_ERROR_MESSAGES.tooLarge('a message over 4 MB'));
    expect(riseMb).toBeLessThan(50);
    expect(server.bytesSent()).toBeLessThan(64 * 1024 * 1024);
  });

  it.each(['pop3', 'imap'] as const)('%s: a server that trickles a byte now and then is stopped at the session time limit', async (protocol) => {
    const server = await started(startTricklingServer(protocol));
    const limits = { ...TEST_LOGIN_LIMITS, sessionMs: 1000 };
    const settings = settingsFor(server.port, protocol);
    const open = protocol === 'pop3' ? () => Pop3Client.open(settings, limits) : () => openImapSession(settings, limits);
    const { error } = await failureAndRss(open);
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe(MAIL_ERROR_MESSAGES.sessionTimeout(1));
  });

  it('refuses a mailbox on this machine before connecting when OUTBOUND_ALLOW does not open it', async () => {
    const pop3 = await started(startPop3StandIn());
    const policyBefore = outboundPolicy();
    setOutboundPolicy(parseOutboundAllow(''));
    try {
      for (const protocol of ['pop3', 'imap'] as const) {
        const { error } = await failureAndRss(() => confirmByMail(settingsFor(pop3.port, protocol, 'localhost'), ACCOUNT, neverFollowed));
        expect(error.kind).toBe('refused');
        expect(error.message).toMatch(/^Refused to connect to localhost \((127\.0\.0\.1|::1)\): it is a loopback address/);
      }
      expect(pop3.connections()).toBe(0);
    } finally {
      setOutboundPolicy(policyBefore);
    }
  });
});
