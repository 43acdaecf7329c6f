/**
 * A real Dovecot for integration tests, through scripts/peers/dovecot.sh (Debian's dovecot-imapd
 * and dovecot-pop3d; its own master and config per start): IMAP, IMAPS, POP3 and POP3S on
 * 127.0.0.1 with a self-signed certificate, passwd-file users, a Junk folder for the first user,
 * and a sendmail command for the sites' PHP. Ports come from this feature's range 18400–18499.
 * Installing needs root and apt; a machine that cannot install skips these tests with the reason,
 * except with REQUIRE_DOVECOT=1 (CI), where it fails.
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { peerAvailability, type PeerAvailability } from './peer-availability';
import { portIsFree, startOnFreePorts } from './peer-ports';

const run = promisify(execFile);

export const DOVECOT_SCRIPT = path.resolve(import.meta.dirname, '../../../../scripts/peers/dovecot.sh');
const PORT_RANGE = { first: 18_400, last: 18_499 };

export interface DovecotUser {
  user: string;
  password: string;
}

export interface DovecotPeer {
  host: string;
  imap: number;
  imaps: number;
  pop3: number;
  pop3s: number;
  /** The self-signed certificate (PEM) the TLS ports present. */
  certFile: string;
  conf: string;
  /** A command line for PHP's sendmail_path delivering into these mailboxes. */
  sendmail: string;
  /** A folder with an ini file setting that sendmail_path, for PHP_INI_SCAN_DIR (php-fpm, php -S). */
  phpIniDir: string;
  users: DovecotUser[];
  stateDir: string;
  /** Delivers one RFC 822 message to `user`'s INBOX (dovecot-lda, as the sites' mail arrives). */
  deliver(user: string, message: string): Promise<void>;
  stop(): Promise<void>;
}

export type DovecotAvailability = PeerAvailability;

/** Installs the packages once per process; `available: false` with the reason, or a throw when REQUIRE_DOVECOT=1. */
export const dovecotAvailability = peerAvailability({ name: 'Dovecot', script: DOVECOT_SCRIPT, require: 'REQUIRE_DOVECOT', tests: 'mail integration tests' });

/** Four consecutive free ports of the range, starting at a random block of four. */
async function freePortBlock(): Promise<number> {
  const blocks = Math.floor((PORT_RANGE.last - PORT_RANGE.first + 1) / 4);
  const start = Math.floor(Math.random() * blocks);
  for (let index = 0; index < blocks; index++) {
    const base = PORT_RANGE.first + ((start + index) % blocks) * 4;
    const free = await Promise.all([0, 1, 2, 3].map((offset) => portIsFree(base + offset)));
    if (free.every(Boolean)) return base;
  }
  throw new Error(`No four free ports in ${PORT_RANGE.first}–${PORT_RANGE.last} on 127.0.0.1`);
}

function deliverVia(stateDir: string, user: string, message: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [DOVECOT_SCRIPT, 'deliver', stateDir, user], { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`dovecot-lda for ${user} exited ${code}: ${stderr.trim()}`))));
    child.stdin.end(message);
  });
}

/** Starts one Dovecot with these users (`name` → password); the first one has the Junk folder. */
export async function startDovecotPeer(users: Record<string, string>): Promise<DovecotPeer> {
  const ready = await dovecotAvailability();
  if (!ready.available) throw new Error(`Dovecot is unavailable: ${ready.reason}`);
  const accounts = Object.entries(users).map(([user, password]) => `${user}:${password}`);
  return startOnFreePorts({
    what: 'Dovecot',
    stateDirPrefix: 'll-mail-',
    freePorts: freePortBlock,
    async start(basePort, stateDir) {
      const { stdout } = await run('bash', [DOVECOT_SCRIPT, 'start', String(basePort), stateDir, ...accounts], { timeout: 60_000 });
      const line = stdout.split('\n').find((text) => text.trim().startsWith('{'));
      if (!line) throw new Error('dovecot.sh start printed no description');
      const described = JSON.parse(line) as Omit<DovecotPeer, 'stateDir' | 'phpIniDir' | 'deliver' | 'stop'>;
      let stopped = false;
      return {
        ...described,
        stateDir,
        phpIniDir: path.join(stateDir, 'php'),
        deliver: (user, message) => deliverVia(stateDir, user, message),
        async stop() {
          if (stopped) return;
          stopped = true;
          await run('bash', [DOVECOT_SCRIPT, 'stop', stateDir], { timeout: 30_000 });
          fs.rmSync(stateDir, { recursive: true, force: true });
        },
      };
    },
    cleanUp: async (stateDir) => { await run('bash', [DOVECOT_SCRIPT, 'stop', stateDir], { timeout: 30_000 }); },
  });
}

/** A small RFC 822 message (LF line ends are fine for dovecot-lda). */
export function testMessage(fields: { from: string; to: string; subject: string; body: string; date?: Date }): string {
  const date = (fields.date ?? new Date()).toUTCString().replace('GMT', '+0000');
  return `From: ${fields.from}\nTo: ${fields.to}\nSubject: ${fields.subject}\nDate: ${date}\nMessage-ID: <${Math.random().toString(36).slice(2)}@linkloom.test>\n\n${fields.body}\n`;
}
