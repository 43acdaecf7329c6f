/**
 * Local mail servers for the outbound and hostile-server tests, on real loopback ports: each
 * records the connections it gets. A POP3 and an IMAP stand-in that answer a test login, a
 * server that greets with someone else's banner, and two hostile ones: an IMAP server announcing
 * a 1,000,000,000-byte literal and a POP3 server whose greeting never ends, both streaming bytes
 * (one reused 64 KB buffer, with backpressure) until the client goes away.
 */
import net from 'node:net';

export interface MailStandIn {
  port: number;
  /** Connections accepted so far. */
  connections(): number;
  /** Bytes written to clients so far. */
  bytesSent(): number;
  close(): Promise<void>;
}

type Handler = (socket: net.Socket, sent: (bytes: number) => void) => void;

async function standIn(handle: Handler): Promise<MailStandIn> {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  let bytes = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    handle(socket, (count) => {
      bytes += count;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => connections,
    bytesSent: () => bytes,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Calls `onLine` for each CRLF line the client sends. */
function onLines(socket: net.Socket, onLine: (line: string) => void): void {
  let pending = '';
  socket.on('data', (chunk: Buffer) => {
    pending += chunk.toString('latin1');
    for (let end = pending.indexOf('\r\n'); end >= 0; end = pending.indexOf('\r\n')) {
      const line = pending.slice(0, end);
      pending = pending.slice(end + 2);
      onLine(line);
    }
  });
}

const FLOOD_CHUNK = Buffer.alloc(64 * 1024, 0x61);

/** Writes `total` bytes of filler, waiting for the client to drain; stops when the client is gone. */
async function flood(socket: net.Socket, total: number, sent: (bytes: number) => void): Promise<void> {
  let written = 0;
  while (written < total && !socket.destroyed && socket.writable) {
    const part = total - written >= FLOOD_CHUNK.length ? FLOOD_CHUNK : FLOOD_CHUNK.subarray(0, total - written);
    written += part.length;
    sent(part.length);
    if (!socket.write(part)) {
      await new Promise<void>((resolve) => {
        socket.once('drain', resolve);
        socket.once('close', resolve);
      });
    }
  }
}

/** A POP3 server whose maildrop holds `messages` messages; any login works. */
export function startPop3StandIn(messages = 3): Promise<MailStandIn> {
  return standIn((socket) => {
    socket.write('+OK stand-in ready\r\n');
    onLines(socket, (line) => {
      const command = line.split(' ')[0]!.toUpperCase();
      if (command === 'STAT') socket.write(`+OK ${messages} ${messages * 100}\r\n`);
      else if (command === 'QUIT') socket.end('+OK bye\r\n');
      else socket.write('+OK\r\n');
    });
  });
}

/** An IMAP server that takes any login and counts `messages` in its INBOX. */
export function startImapStandIn(messages = 3): Promise<MailStandIn> {
  return standIn((socket) => {
    socket.write('* OK [CAPABILITY IMAP4rev1] stand-in ready\r\n');
    onLines(socket, (line) => {
      const [tag = '*', rawCommand = ''] = line.split(' ');
      const command = rawCommand.toUpperCase();
      if (command === 'CAPABILITY') socket.write(`* CAPABILITY IMAP4rev1\r\n${tag} OK done\r\n`);
      else if (command === 'LOGIN') socket.write(`${tag} OK [CAPABILITY IMAP4rev1] logged in\r\n`);
      else if (command === 'LIST') socket.write(`* LIST (\\HasNoChildren) "/" INBOX\r\n${tag} OK done\r\n`);
      else if (command === 'STATUS') socket.write(`* STATUS INBOX (MESSAGES ${messages})\r\n${tag} OK done\r\n`);
      else if (command === 'LOGOUT') socket.end(`* BYE bye\r\n${tag} OK done\r\n`);
      else socket.write(`${tag} OK done\r\n`);
    });
  });
}

/** A server that greets with `banner` (an SSH daemon, a web server…) and then waits. */
export function startBannerServer(banner: string): Promise<MailStandIn> {
  return standIn((socket, sent) => {
    socket.write(banner);
    sent(banner.length);
  });
}

/** A POP3 server answering commands with -ERR and `text` (what must never reach the user). */
export function startPop3Refusing(text: string): Promise<MailStandIn> {
  return standIn((socket) => {
    socket.write('+OK ready\r\n');
    onLines(socket, () => socket.write(`-ERR ${text}\r\n`));
  });
}

/** IMAP: greets, then announces a 1,000,000,000-byte literal and streams it. */
export function startLiteralFloodImap(size = 1_000_000_000): Promise<MailStandIn> {
  return standIn((socket, sent) => {
    const head = `* OK ready\r\n* 1 FETCH (BODY[] {${size}}\r\n`;
    socket.write(head);
    sent(head.length);
    void flood(socket, size, sent);
  });
}

/** POP3: a greeting that starts well and never ends (`size` bytes with no line break). */
export function startEndlessGreetingPop3(size = 64 * 1024 * 1024): Promise<MailStandIn> {
  return standIn((socket, sent) => {
    socket.write('+OK ');
    sent(4);
    void flood(socket, size, sent);
  });
}

/** "28-Nov-2026 21:00:00 +0000": an IMAP internal date. */
function imapDate(date: Date): string {
  const month = date.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
  const time = date.toISOString().slice(11, 19);
  return `${String(date.getUTCDate()).padStart(2, '0')}-${month}-${date.getUTCFullYear()} ${time} +0000`;
}

/**
 * IMAP for verification: one matching message whose RFC822.SIZE says 100 bytes, and whose
 * source, once asked for, is announced at `size` bytes and streamed.
 */
export function startLyingSizeImap(size = 1_000_000_000): Promise<MailStandIn> {
  return standIn((socket, sent) => {
    socket.write('* OK [CAPABILITY IMAP4rev1] ready\r\n');
    onLines(socket, (line) => {
      const [tag = '*', rawCommand = ''] = line.split(' ');
      const command = rawCommand.toUpperCase();
      const upper = line.toUpperCase();
      if (command === 'CAPABILITY') socket.write(`* CAPABILITY IMAP4rev1\r\n${tag} OK done\r\n`);
      else if (command === 'EXAMINE' || command === 'SELECT') {
        socket.write(`* FLAGS (\\Seen)\r\n* 1 EXISTS\r\n* OK [UIDVALIDITY 1] ok\r\n* OK [UIDNEXT 2] ok\r\n${tag} OK [READ-ONLY] done\r\n`);
      } else if (upper.includes(' SEARCH ')) socket.write(`* SEARCH 1\r\n${tag} OK done\r\n`);
      else if (upper.includes(' FETCH ') && upper.includes('BODY')) {
        const head = `* 1 FETCH (UID 1 BODY[] {${size}}\r\n`;
        socket.write(head);
        sent(head.length);
        void flood(socket, size, sent);
      } else if (upper.includes(' FETCH ')) {
        socket.write(`* 1 FETCH (UID 1 RFC822.SIZE 100 INTERNALDATE "${imapDate(new Date())}")\r\n${tag} OK done\r\n`);
      } else if (command === 'LOGOUT') socket.end(`* BYE bye\r\n${tag} OK done\r\n`);
      else socket.write(`${tag} OK done\r\n`);
    });
  });
}

/**
 * POP3 for verification: one message whose headers match `to` and `from` and whose LIST size
 * says 100 bytes; `endless` names the answer that never ends ('TOP' or 'RETR': lines without the final dot).
 */
export function startEndlessAnswerPop3(to: string, from: string, endless: 'TOP' | 'RETR'): Promise<MailStandIn> {
  const headers = `To: ${to}\r\nFrom: ${from}\r\nDate: ${new Date().toUTCString()}\r\nSubject: Confirm\r\n\r\n`;
  const line = Buffer.from(`${'a'.repeat(998)}\r\n`);
  return standIn((socket, sent) => {
    socket.write('+OK ready\r\n');
    onLines(socket, (text) => {
      const command = text.split(' ')[0]!.toUpperCase();
      if (command === 'STAT') socket.write('+OK 1 100\r\n');
      else if (command === 'LIST') socket.write('+OK 1 100\r\n');
      else if (command === endless) {
        socket.write('+OK\r\n');
        void (async () => {
          while (!socket.destroyed && socket.writable) {
            sent(line.length);
            if (!socket.write(line)) await new Promise<void>((resolve) => {
              socket.once('drain', resolve);
              socket.once('close', resolve);
            });
          }
        })();
      } else if (command === 'TOP') socket.write(`+OK\r\n${headers}.\r\n`);
      else if (command === 'QUIT') socket.end('+OK bye\r\n');
      else socket.write('+OK\r\n');
    });
  });
}

/** A server that greets as `protocol` would and then trickles a byte now and then, never finishing a line. */
export function startTricklingServer(protocol: 'pop3' | 'imap', everyMs = 50): Promise<MailStandIn> {
  return standIn((socket, sent) => {
    socket.write(protocol === 'pop3' ? '+OK ' : '* OK [CAPABILITY IMAP4rev1] ready\r\n* OK ');
    const timer = setInterval(() => {
      if (socket.destroyed) return;
      socket.write('.');
      sent(1);
    }, everyMs);
    socket.on('close', () => clearInterval(timer));
  });
}
