import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { EmailSettingsSchema } from '@linkloom/shared';
import { Pop3Client } from '../../src/engine/mail/pop3-client';
import { VERIFICATION_LIMITS, withIdle } from '../../src/engine/mail/mail-limits';
import { MailError } from '../../src/engine/mail/mail-error';

/**
 * The POP3 client's line reader against a tiny local server that sends every answer one byte at a
 * time (the network may cut anywhere, even inside CRLF): answers are still read whole, multi-line
 * ones end at the lone dot and come back dot-unstuffed. The real-server tests are in
 * test/integration/mail-clients.test.ts.
 */
const ANSWERS: Record<string, string> = {
  USER: '+OK\r\n',
  PASS: '+OK logged in\r\n',
  STAT: '+OK 1 42\r\n',
  RETR: `+OK 42 octets\r\nSubject: hi\r\n\r\n...starts with a dot\r\n..\r\nend\r\n.\r\n`,
  QUIT: '+OK bye\r\n',
};

let server: net.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function byteByByteServer(answers: Record<string, string>): Promise<number> {
  server = net.createServer((socket) => {
    let queue = Promise.resolve();
    const send = (text: string) => {
      queue = queue.then(async () => {
        for (const byte of Buffer.from(text)) {
          if (socket.destroyed) return;
          socket.write(Buffer.from([byte]));
          await new Promise((resolve) => setImmediate(resolve));
        }
      });
    };
    send('+OK ready\r\n');
    let pending = '';
    socket.on('data', (chunk: Buffer) => {
      pending += chunk.toString('latin1');
      for (let end = pending.indexOf('\r\n'); end >= 0; end = pending.indexOf('\r\n')) {
        const command = pending.slice(0, end).split(' ')[0]!.toUpperCase();
        pending = pending.slice(end + 2);
        send(answers[command] ?? '-ERR unknown command\r\n');
        if (command === 'QUIT') void queue.then(() => socket.end());
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

const settingsFor = (port: number, password = 'pw') => EmailSettingsSchema.parse({
  emailLogin: 'ann', emailPassword: password, emailServer: '127.0.0.1', emailServerPort: port, mailProtocol: 'pop3', SSL: false,
});

describe('POP3 client line reader', () => {
  it('reads answers sent a byte at a time, multi-line ones dot-unstuffed up to the lone dot', async () => {
    const client = await Pop3Client.open(settingsFor(await byteByByteServer(ANSWERS)), withIdle(VERIFICATION_LIMITS, 5_000));
    try {
      expect(await client.stat()).toEqual({ count: 1, size: 42 });
      expect((await client.retrieve(1)).toString('latin1')).toBe('Subject: hi\r\n\r\n..starts with a dot\r\n.\r\nend');
    } finally {
      await client.quit();
    }
  });

  it('turns -ERR to PASS into a login problem, and STLS refused into a TLS one', async () => {
    const port = await byteByByteServer({ ...ANSWERS, PASS: '-ERR [AUTH] Authentication failed.\r\n' });
    const refused = await Pop3Client.open(settingsFor(port, 'wrong'), withIdle(VERIFICATION_LIMITS, 5_000)).then(() => null, (error: unknown) => error);
    expect(refused).toBeInstanceOf(MailError);
    expect((refused as MailError).kind).toBe('auth');
    const noStls = await Pop3Client.open({ ...settingsFor(port), startTls: true }, withIdle(VERIFICATION_LIMITS, 5_000)).then(() => null, (error: unknown) => error);
    expect((noStls as MailError).kind).toBe('tls');
    expect((noStls as MailError).message).toBe('The mail server does not offer STARTTLS on this port: untick STARTTLS or use SSL');
  });
});
