/**
 * The alerts' SMTP client (engine/smtp) against a local RFC 5321 stand-in: the dialogue in order
 * (EHLO, STARTTLS and EHLO again, AUTH, MAIL FROM, RCPT TO, DATA, QUIT), dot-stuffing, refusals
 * sorted into lasting and passing ones, no password sent unencrypted, bounded reads and waits; and
 * the message it sends reads back as the text it was given.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dotStuff, sendSmtpMail, SMTP_LIMITS, type SmtpServer } from '../../src/engine/smtp/smtp-client';
import { SmtpError } from '../../src/engine/smtp/smtp-error';
import { composePlainMessage, encodeHeaderText, quotedPrintable } from '../../src/engine/smtp/smtp-message';
import { loadConfig } from '../../src/platform/config';
import { startSmtpStandIn, type SmtpStandIn, type SmtpStandInOptions } from '../support/smtp-stand-in';

const ENVELOPE = { from: 'alerts@linkloom.test', to: ['ann@example.test'] };
const MESSAGE = 'Subject: Hello\r\n\r\nFirst line\r\n.leading dot\r\n..two dots\r\nLast line\r\n';

let certificate: { key: string; cert: string };
const open: SmtpStandIn[] = [];

beforeAll(() => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smtp-cert-'));
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-subj', '/CN=localhost', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { stdio: 'ignore' });
  certificate = { key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'), cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8') };
  fs.rmSync(dir, { recursive: true, force: true });
});
afterAll(async () => {
  await Promise.all(open.map((standIn) => standIn.close()));
});

async function standIn(options: SmtpStandInOptions = {}): Promise<SmtpStandIn> {
  const started = await startSmtpStandIn(options);
  open.push(started);
  return started;
}

const server = (port: number, overrides: Partial<SmtpServer> = {}): SmtpServer => ({
  host: '127.0.0.1', port, tls: 'none', allowSelfSigned: false, helo: 'linkloom.test', ...overrides,
});

async function refusal(promise: Promise<unknown>): Promise<SmtpError> {
  const error = await promise.then(() => undefined, (reason: unknown) => reason);
  expect(error).toBeInstanceOf(SmtpError);
  return error as SmtpError;
}

describe('the SMTP client', () => {
  it('speaks the dialogue in order and sends the message dot-stuffed, which the server reads back as it was', async () => {
    const smtp = await standIn();
    await sendSmtpMail(server(smtp.port), ENVELOPE, MESSAGE);
    expect(smtp.commands).toEqual(['EHLO linkloom.test', 'MAIL FROM:<alerts@linkloom.test>', 'RCPT TO:<ann@example.test>', 'DATA', 'QUIT']);
    expect(smtp.messages).toEqual([{ from: 'alerts@linkloom.test', to: ['ann@example.test'], data: MESSAGE.replace(/\r\n$/, ''), tls: false, user: null }]);
  });

  it('upgrades with STARTTLS, says EHLO again, then logs in with AUTH PLAIN — or LOGIN when that is all the server takes', async () => {
    const plain = await standIn({ tls: certificate, auth: { user: 'relay', password: 'pässword' } });
    await sendSmtpMail(server(plain.port, { tls: 'starttls', allowSelfSigned: true, user: 'relay', password: 'pässword' }), ENVELOPE, MESSAGE);
    expect(plain.commands.map((line) => line.split(' ')[0])).toEqual(['EHLO', 'STARTTLS', 'EHLO', 'AUTH', 'MAIL', 'RCPT', 'DATA', 'QUIT']);
    expect(plain.commands[3]).toBe(`AUTH PLAIN ${Buffer.from('\u0000relay\u0000pässword').toString('base64')}`);
    expect(plain.messages[0]).toMatchObject({ tls: true, user: 'relay' });

    const login = await standIn({ tls: certificate, auth: { user: 'relay', password: 'secret', mechanisms: ['LOGIN'] } });
    await sendSmtpMail(server(login.port, { tls: 'auto', allowSelfSigned: true, user: 'relay', password: 'secret' }), ENVELOPE, MESSAGE);
    expect(login.commands.slice(3, 6)).toEqual(['AUTH LOGIN', Buffer.from('relay').toString('base64'), Buffer.from('secret').toString('base64')]);
    expect(login.messages[0]).toMatchObject({ tls: true, user: 'relay' });
  });

  it('refuses to go on without TLS where it is required, and never sends the password unencrypted', async () => {
    const noTls = await standIn({ auth: { user: 'relay', password: 'secret' } });
    const required = await refusal(sendSmtpMail(server(noTls.port, { tls: 'starttls', user: 'relay', password: 'secret' }), ENVELOPE, MESSAGE));
    expect(required).toMatchObject({ kind: 'tls', permanent: true });
    expect(required.message).toContain('does not offer STARTTLS');
    const clear = await refusal(sendSmtpMail(server(noTls.port, { tls: 'auto', user: 'relay', password: 'secret' }), ENVELOPE, MESSAGE));
    expect(clear).toMatchObject({ kind: 'tls', permanent: true });
    expect(noTls.commands.some((line) => line.startsWith('AUTH'))).toBe(false);
    expect(noTls.messages).toEqual([]);
  });

  it('checks the certificate unless a self-signed one is allowed', async () => {
    const smtp = await standIn({ tls: certificate });
    const untrusted = await refusal(sendSmtpMail(server(smtp.port, { tls: 'starttls' }), ENVELOPE, MESSAGE));
    expect(untrusted).toMatchObject({ kind: 'tls', permanent: true });
    expect(smtp.messages).toEqual([]);
  });

  it('sorts refusals: a wrong login and 5xx last, 4xx pass; the server\'s own words stay out of the message', async () => {
    const auth = await standIn({ tls: certificate, auth: { user: 'relay', password: 'right' } });
    const wrong = await refusal(sendSmtpMail(server(auth.port, { tls: 'starttls', allowSelfSigned: true, user: 'relay', password: 'wrong' }), ENVELOPE, MESSAGE));
    expect(wrong).toMatchObject({ kind: 'auth', permanent: true });
    expect(wrong.message).not.toContain('wrong');

    const unknown = await standIn({ replies: { rcpt: ['550 5.1.1 <ann@example.test>: Recipient address rejected: HACKED'] } });
    const lasting = await refusal(sendSmtpMail(server(unknown.port), ENVELOPE, MESSAGE));
    expect(lasting).toMatchObject({ kind: 'rejected', permanent: true, message: 'The SMTP server 127.0.0.1 refused RCPT TO (550)' });

    const busy = await standIn({ replies: { mail: ['451 4.3.0 Try again later'] } });
    const passing = await refusal(sendSmtpMail(server(busy.port), ENVELOPE, MESSAGE));
    expect(passing).toMatchObject({ kind: 'rejected', permanent: false });
    expect(passing.message).toContain('refused MAIL FROM (451, try again later)');

    const closed = await standIn({ replies: { greeting: ['554 5.3.2 No service here'] } });
    expect(await refusal(sendSmtpMail(server(closed.port), ENVELOPE, MESSAGE))).toMatchObject({ kind: 'rejected', permanent: true });
  });

  it('reads multi-line replies whole and bounds every read and wait', async () => {
    const long = await standIn({ replies: { greeting: [`220 ${'x'.repeat(SMTP_LIMITS.lineBytes + 10)}`] } });
    expect(await refusal(sendSmtpMail(server(long.port), ENVELOPE, MESSAGE))).toMatchObject({ kind: 'protocol' });
    const garbled = await standIn({ replies: { ehlo: ['250-one', '220 two'] } });
    expect(await refusal(sendSmtpMail(server(garbled.port), ENVELOPE, MESSAGE))).toMatchObject({ kind: 'protocol' });

    const silentSockets: net.Socket[] = [];
    const silent = net.createServer((socket) => void silentSockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    const started = Date.now();
    const quiet = await refusal(sendSmtpMail(server(port), ENVELOPE, MESSAGE, { limits: { ...SMTP_LIMITS, replyTimeoutMs: 300 } }));
    expect(quiet).toMatchObject({ kind: 'timeout', permanent: false });
    expect(Date.now() - started).toBeLessThan(5000);
    for (const socket of silentSockets) socket.destroy();
    silent.close();

    const refused = await refusal(sendSmtpMail(server(1), ENVELOPE, MESSAGE));
    expect(refused).toMatchObject({ kind: 'unreachable', permanent: false });
  });

  it('dot-stuffs and ends DATA however the lines end', () => {
    expect(dotStuff('a\n.b\r\n..c\rd')).toBe('a\r\n..b\r\n...c\r\nd\r\n.\r\n');
    expect(dotStuff('.\n')).toBe('..\r\n.\r\n');
  });

  it('composes a message that a mail reader reads back: sender, recipient, subject and text, UTF-8 and long lines included', async () => {
    const text = `Our link is gone.\nLink: https://blog.example/${'long-path-'.repeat(12)}/ on blog.example\n.a line with a dot\nCafé — ünïcode ✓`;
    const raw = composePlainMessage({ from: 'LinkLoom Alerts <alerts@linkloom.test>', to: 'ann@example.test', subject: 'Link lost on blög.example', text, date: new Date(Date.UTC(2026, 0, 10, 12)) });
    expect(raw.split('\r\n').every((line) => line.length <= 78)).toBe(true);
    const parsed = await simpleParser(raw);
    expect(parsed.subject).toBe('Link lost on blög.example');
    expect(parsed.from?.value).toEqual([{ name: 'LinkLoom Alerts', address: 'alerts@linkloom.test' }]);
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.value.map((entry) => entry.address) : []).toEqual(['ann@example.test']);
    expect(parsed.text?.trimEnd()).toBe(text);
    expect(parsed.date?.toISOString()).toBe('2026-01-10T12:00:00.000Z');
    expect(parsed.headers.get('auto-submitted')).toBe('auto-generated');
    expect(quotedPrintable('a = b ')).toBe('a =3D b=20');
    expect(encodeHeaderText('plain words')).toBe('plain words');
    expect(encodeHeaderText('line\r\nbreak')).toBe('line break');
  });
});

describe('the SMTP configuration', () => {
  it('is off without SMTP_HOST, takes the port by its TLS mode, and refuses a server without a sender or half a login', () => {
    expect(loadConfig({}).smtp).toBeUndefined();
    expect(loadConfig({ SMTP_HOST: 'mail.example.com', SMTP_FROM: 'LinkLoom <alerts@example.com>' }).smtp)
      .toMatchObject({ host: 'mail.example.com', port: 587, tls: 'starttls', from: 'LinkLoom <alerts@example.com>', user: undefined, allowSelfSigned: false });
    expect(loadConfig({ SMTP_HOST: 'mail.example.com', SMTP_FROM: 'alerts@example.com', SMTP_TLS: 'implicit', SMTP_HELO: 'linkloom.example.com' }).smtp)
      .toMatchObject({ port: 465, tls: 'implicit', helo: 'linkloom.example.com' });
    expect(() => loadConfig({ SMTP_HOST: 'mail.example.com' })).toThrow(/SMTP_FROM/);
    expect(() => loadConfig({ SMTP_HOST: 'mail.example.com', SMTP_FROM: 'alerts@example.com', SMTP_USER: 'relay' })).toThrow(/SMTP_USER and SMTP_PASSWORD/);
    expect(() => loadConfig({ SMTP_HOST: 'mail.example.com', SMTP_FROM: 'not an address' })).toThrow(/SMTP_FROM/);
    expect(() => loadConfig({ SMTP_HOST: 'mail.example.com', SMTP_FROM: 'alerts@example.com', SMTP_TLS: 'maybe' })).toThrow(/SMTP_TLS/);
  });
});
