/**
 * A local SMTP server for the alert email tests, written from RFC 5321 (with STARTTLS, RFC 3207,
 * and AUTH PLAIN / LOGIN, RFC 4954): greeting, EHLO/HELO, optional STARTTLS (the session starts
 * afresh on TLS), optional AUTH, MAIL FROM, RCPT TO, DATA (dot-unstuffed up to the lone "."), RSET,
 * NOOP, QUIT; commands out of order answer 503, unknown ones 500. It records every command and
 * every message it accepted; replies can be replaced to play a refusing or broken server.
 */
import net from 'node:net';
import tls from 'node:tls';

/** A message the stand-in accepted. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent after DATA, dot-unstuffed, lines joined with CRLF. */
  data: string;
  /** Whether it came over TLS, and as which user (AUTH). */
  tls: boolean;
  user: string | null;
}

type Stage = 'greeting' | 'ehlo' | 'mail' | 'rcpt' | 'data' | 'message';

export interface SmtpStandInOptions {
  /** Offer STARTTLS with this key and certificate (PEM). */
  tls?: { key: string; cert: string };
  /** Offer AUTH and require it before MAIL; accepts only this login. */
  auth?: { user: string; password: string; mechanisms?: string[] };
  /** Replace the reply of a stage with these lines (e.g. `rcpt: ['550 5.1.1 no such user']`). */
  replies?: Partial<Record<Stage, string[]>>;
}

export interface SmtpStandIn {
  port: number;
  /** Every command line received, in order, across sessions (AUTH secrets included: tests check them). */
  commands: string[];
  messages: ReceivedMail[];
  close(): Promise<void>;
}

const b64 = (text: string) => Buffer.from(text, 'base64').toString('utf8');

export async function startSmtpStandIn(options: SmtpStandInOptions = {}): Promise<SmtpStandIn> {
  const commands: string[] = [];
  const messages: ReceivedMail[] = [];
  const sockets = new Set<net.Socket>();

  function session(raw: net.Socket): void {
    let socket: net.Socket = raw;
    let secure = false;
    let greeted = false;
    let user: string | null = null;
    let from: string | null = null;
    let to: string[] = [];
    let dataLines: string[] | null = null;
    let authLogin: { step: 'user' | 'password'; user?: string } | null = null;
    let pending = '';

    const send = (lines: string[]): void => void socket.write(lines.map((line) => `${line}\r\n`).join(''));
    const reply = (stage: Stage, lines: string[]) => send(options.replies?.[stage] ?? lines);
    const reset = () => {
      from = null;
      to = [];
    };
    const checkLogin = (name: string, password: string) => {
      if (options.auth && name === options.auth.user && password === options.auth.password) {
        user = name;
        send(['235 2.7.0 Authentication successful']);
      } else send(['535 5.7.8 Authentication credentials invalid']);
    };

    function onLine(line: string): void {
      if (dataLines) {
        if (line === '.') {
          messages.push({ from: from ?? '', to, data: dataLines.join('\r\n'), tls: secure, user });
          dataLines = null;
          reset();
          reply('message', ['250 2.0.0 Ok: queued']);
          return;
        }
        dataLines.push(line.startsWith('.') ? line.slice(1) : line);
        return;
      }
      commands.push(line);
      if (authLogin) {
        if (authLogin.step === 'user') {
          authLogin = { step: 'password', user: b64(line) };
          send(['334 UGFzc3dvcmQ6']);
        } else {
          const name = authLogin.user ?? '';
          authLogin = null;
          checkLogin(name, b64(line));
        }
        return;
      }
      const [verb = '', ...rest] = line.split(' ');
      const argument = rest.join(' ');
      switch (verb.toUpperCase()) {
        case 'EHLO': {
          greeted = true;
          reset();
          const extensions = ['8BITMIME', 'SIZE 10240000'];
          if (options.tls && !secure) extensions.push('STARTTLS');
          if (options.auth) extensions.push(`AUTH ${(options.auth.mechanisms ?? ['PLAIN', 'LOGIN']).join(' ')}`);
          const lines = ['stand-in.test greets you', ...extensions];
          return reply('ehlo', lines.map((text, index) => `250${index === lines.length - 1 ? ' ' : '-'}${text}`));
        }
        case 'HELO':
          greeted = true;
          reset();
          return send(['250 stand-in.test']);
        case 'STARTTLS': {
          if (!options.tls || secure) return send(['502 5.5.1 Not available']);
          send(['220 2.0.0 Ready to start TLS']);
          const upgraded = new tls.TLSSocket(socket, { isServer: true, key: options.tls.key, cert: options.tls.cert });
          upgraded.on('error', () => undefined);
          socket.removeAllListeners('data');
          socket = upgraded;
          secure = true;
          greeted = false;
          user = null;
          pending = '';
          reset();
          listen();
          return;
        }
        case 'AUTH': {
          if (!options.auth) return send(['502 5.5.1 Not available']);
          if (!greeted) return send(['503 5.5.1 EHLO first']);
          const [mechanism = '', initial] = argument.split(' ');
          if (mechanism.toUpperCase() === 'PLAIN' && initial) {
            const [, name = '', password = ''] = b64(initial).split('\u0000');
            return checkLogin(name, password);
          }
          if (mechanism.toUpperCase() === 'LOGIN') {
            authLogin = { step: 'user' };
            return send(['334 VXNlcm5hbWU6']);
          }
          return send(['504 5.5.4 Unrecognized authentication type']);
        }
        case 'MAIL': {
          if (!greeted) return send(['503 5.5.1 EHLO first']);
          if (options.auth && user === null) return send(['530 5.7.0 Authentication required']);
          const match = /^FROM:<([^<>]*)>/i.exec(argument);
          if (!match) return send(['501 5.5.4 Syntax: MAIL FROM:<address>']);
          from = match[1]!;
          return reply('mail', ['250 2.1.0 Ok']);
        }
        case 'RCPT': {
          if (from === null) return send(['503 5.5.1 MAIL first']);
          const match = /^TO:<([^<>]+)>/i.exec(argument);
          if (!match) return send(['501 5.5.4 Syntax: RCPT TO:<address>']);
          const refused = options.replies?.rcpt;
          if (refused) return send(refused);
          to.push(match[1]!);
          return send(['250 2.1.5 Ok']);
        }
        case 'DATA':
          if (to.length === 0) return send(['503 5.5.1 RCPT first']);
          if (options.replies?.data) return send(options.replies.data);
          dataLines = [];
          return send(['354 End data with <CR><LF>.<CR><LF>']);
        case 'RSET':
          reset();
          return send(['250 2.0.0 Ok']);
        case 'NOOP':
          return send(['250 2.0.0 Ok']);
        case 'QUIT':
          send(['221 2.0.0 Bye']);
          socket.end();
          return;
        default:
          return send(['500 5.5.2 Command unrecognized']);
      }
    }

    function listen(): void {
      socket.on('data', (chunk: Buffer) => {
        pending += chunk.toString('utf8');
        for (let end = pending.indexOf('\r\n'); end >= 0; end = pending.indexOf('\r\n')) {
          const line = pending.slice(0, end);
          pending = pending.slice(end + 2);
          onLine(line);
        }
      });
    }

    listen();
    reply('greeting', ['220 stand-in.test ESMTP ready']);
  }

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    session(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    commands,
    messages,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
