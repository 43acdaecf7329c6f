import { spawn } from 'node:child_process';

/**
 * libpq's environment for a postgres:// URL: the password travels in the child's environment,
 * never on its command line (where `ps` would show it).
 */
export function libpqEnvironment(databaseUrl: string): NodeJS.ProcessEnv {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (url.hostname) env.PGHOST = decodeURIComponent(url.hostname);
  if (url.port) env.PGPORT = url.port;
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (database) env.PGDATABASE = database;
  const sslmode = url.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/** Runs one of PostgreSQL's client programs (pg_dump, pg_restore); rejects with its error output when it fails. */
export function runPgTool(program: string, args: string[], databaseUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env: libpqEnvironment(databaseUrl), stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 10_000) stderr += chunk;
    });
    child.on('error', (error) => reject(new Error(`${program} could not start (${error.message}): is the PostgreSQL client installed?`)));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${program} failed (exit ${code}): ${stderr.trim()}`))));
  });
}

/** A schema name as an SQL identifier (quoted). */
export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
