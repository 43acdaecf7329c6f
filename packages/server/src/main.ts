import { loadConfig } from './platform/config';
import { openDatabase } from './platform/db/dialect';
import { migrateToLatest } from './platform/db/migrate';
import { deleteExpiredSessions } from './platform/auth/sessions.repository';
import { IMPORT_STALE_MS, sweepAbandonedImports } from './platform/imports/sweep-abandoned-imports';
import { buildApp, VERSION } from './app';
import { startEngine } from './engine/jobs/engine';
import { createUser } from './features/session/create-user';
import { setUserPrivileged } from './features/options/set-user-privileged';
import { startJobWorker } from './engine/queue/run-worker';
import { createLineLogger } from './engine/queue/queue-logger';
import { resealStoredSecrets } from './platform/crypto/stored-secrets';
import { formatSecretKey, generateSecretKey } from './platform/crypto/secret-box';
import { restoreBackup } from './engine/backup/restore-backup';
import { endStartUp } from './platform/runtime/start-up-memory';

const USAGE = `Usage: linkloom <command>
  serve            start the web app, REST API and live channel (default)
  worker           run background jobs (any number of workers may share one database)
  migrate          apply pending database migrations and exit
  user:add NAME    create a user; the password is read from standard input
  user:privileged NAME on|off
                   give a user the higher limits of a privileged account, or take them back
  secrets:new-key  print a new secret key (id:base64) to put first in SECRETS_KEY or the key file
  secrets:rotate   seal every stored secret with the current (first) key, so older keys can go
  backup:restore FILE
                   put a backup (BACKUP_DIR) back as the data of DATA_DIR / DATABASE_URL; stop the server and workers first`;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function serve(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config);
  await migrateToLatest(database);
  await deleteExpiredSessions(database.db);
  // Imports a previous run left half written are undone before anyone can see them.
  await sweepAbandonedImports(database, { atStartUp: true });
  const { app, context } = await buildApp(config, database);
  const sweep = setInterval(() => void deleteExpiredSessions(database.db).catch((err) => app.log.error({ err }, 'session sweep failed')), 24 * 3600_000);
  sweep.unref();
  // On PostgreSQL another server may die mid-import while this one runs.
  const importSweep = setInterval(() => void sweepAbandonedImports(database, { atStartUp: false }).catch((err) => app.log.error({ err }, 'import sweep failed')), IMPORT_STALE_MS);
  importSweep.unref();

  let closing = false;
  // The engine starts after the server listens; a signal meanwhile lets that start settle first.
  let engineStart: Promise<void> = Promise.resolve();
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing open requests, then stopping`);
    const force = setTimeout(() => process.exit(1), 12_000);
    force.unref();
    await engineStart.catch(() => undefined);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  engineStart = startEngine(context, app.log);
  await engineStart;
  endStartUp();
  if (closing) return;
  const where = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
  app.log.info(`LinkLoom is running on http://localhost:${config.port} (${where})`);
}

/** Runs job handlers until SIGTERM/SIGINT, then lets the running ones finish (up to 25 s). */
async function worker(): Promise<void> {
  const config = loadConfig();
  const logger = createLineLogger(config.logLevel);
  const database = openDatabase(config);
  await migrateToLatest(database);
  const queue = await startJobWorker(config, database, logger, {}, VERSION);
  endStartUp();
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info(`${signal} received: finishing running jobs, then stopping`);
    const force = setTimeout(() => process.exit(1), 30_000);
    force.unref();
    await queue.stop({ graceful: true, timeoutMs: 25_000 });
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

async function addUser(name: string | undefined): Promise<void> {
  if (!name) throw new Error('user:add needs a name: npm run user:add -- NAME');
  if (process.stdin.isTTY) process.stderr.write(`Password for ${name} (then Enter and Ctrl-D): `);
  const password = (await readStdin()).split(/\r?\n/)[0] ?? '';
  const config = loadConfig();
  const database = openDatabase(config);
  try {
    await migrateToLatest(database);
    const id = await createUser(database.db, name, password);
    process.stdout.write(`Created user ${name} (id ${id})\n`);
  } finally {
    await database.close();
  }
}

async function privilegeUser(name: string | undefined, flag: string | undefined): Promise<void> {
  if (!name || (flag !== 'on' && flag !== 'off')) throw new Error('user:privileged needs a name and on or off: npm run user:privileged -- NAME on|off');
  const database = openDatabase(loadConfig());
  try {
    await migrateToLatest(database);
    const id = await setUserPrivileged(database.db, name, flag === 'on');
    process.stdout.write(`User ${name} (id ${id}) is ${flag === 'on' ? 'now privileged (higher limits)' : 'no longer privileged'}\n`);
  } finally {
    await database.close();
  }
}

async function migrate(): Promise<void> {
  const database = openDatabase(loadConfig());
  try {
    const applied = await migrateToLatest(database);
    process.stdout.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'Database is up to date\n');
  } finally {
    await database.close();
  }
}

/** Prints a fresh key line; its id says when it was made. */
async function newSecretKey(): Promise<void> {
  const id = `k${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}`;
  process.stdout.write(`${formatSecretKey(generateSecretKey(id))}\n`);
}

/** Key rotation: every stored secret re-sealed with the current key (README: Secrets at rest). */
async function rotateSecrets(): Promise<void> {
  const database = openDatabase(loadConfig());
  try {
    await migrateToLatest(database);
    const counts = await resealStoredSecrets(database.db, database.secrets);
    const lines = Object.entries(counts).map(([column, rows]) => `  ${column}: ${rows} row${rows === 1 ? '' : 's'} re-sealed`);
    process.stdout.write(`Every stored secret is sealed with key "${database.secrets.currentKeyId}":\n${lines.join('\n')}\n`);
  } finally {
    await database.close();
  }
}

/** README "Backups": the server and every worker must be stopped; the previous data is moved aside, not deleted. */
async function restore(file: string | undefined): Promise<void> {
  if (!file) throw new Error('backup:restore needs a backup file: npm run backup:restore -- FILE');
  const config = loadConfig();
  const aside = await restoreBackup(config, file);
  // The restored data may be from an older version: bring it to this one's schema.
  const database = openDatabase(config);
  try {
    await migrateToLatest(database);
  } finally {
    await database.close();
  }
  process.stdout.write(`Restored ${file}; the previous data was moved to ${aside}\n`);
}

const [command = 'serve', ...args] = process.argv.slice(2);
const commands: Record<string, () => Promise<void>> = {
  serve, worker, migrate, 'user:add': () => addUser(args[0]),
  'user:privileged': () => privilegeUser(args[0], args[1]), 'secrets:new-key': newSecretKey, 'secrets:rotate': rotateSecrets,
  'backup:restore': () => restore(args[0]),
};
const run = commands[command];
if (!run) {
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}
run().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
