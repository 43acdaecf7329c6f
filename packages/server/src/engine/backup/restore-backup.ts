import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import SQLite from 'better-sqlite3';
import type pg from 'pg';
import { loadPg } from '../../platform/db/load-pg';
import { libpqEnvironment, quoteIdentifier, runPgTool } from './pg-tools';

export interface RestoreTarget {
  dataDir: string;
  databaseUrl: string | undefined;
  databaseSchema: string | undefined;
  /** SQLite file name inside dataDir (default linkloom.sqlite). */
  fileName?: string;
}

/**
 * Puts a backup back as the installation's data; the server and every worker must be stopped.
 * SQLite (a .sqlite backup): the file is checked (integrity_check), the current database files are
 * moved aside as `<name>.before-restore*`, and the backup takes their place. PostgreSQL (a .pgdump
 * archive): the app's schema is renamed `<schema>_before_restore_<time>` and pg_restore recreates
 * it from the archive in one transaction; when the restore fails the old schema is put back.
 * Answers where the previous data went.
 */
export async function restoreBackup(target: RestoreTarget, file: string): Promise<string> {
  if (!fs.existsSync(file)) throw new Error(`No backup file ${file}`);
  if (file.endsWith('.sqlite')) {
    if (target.databaseUrl) throw new Error('This is a SQLite backup, but DATABASE_URL names a PostgreSQL database');
    return restoreSqlite(path.join(target.dataDir, target.fileName ?? 'linkloom.sqlite'), file);
  }
  if (file.endsWith('.pgdump')) {
    if (!target.databaseUrl) throw new Error('This is a PostgreSQL backup: set DATABASE_URL (and DATABASE_SCHEMA if the app uses one)');
    return restorePostgres(target.databaseUrl, target.databaseSchema, file);
  }
  throw new Error('A backup file ends in .sqlite or .pgdump');
}

function restoreSqlite(databaseFile: string, backup: string): string {
  const check = new SQLite(backup, { readonly: true, fileMustExist: true });
  try {
    const result = check.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new Error(`The backup ${backup} is damaged: ${String(result)}`);
  } finally {
    check.close();
  }
  fs.mkdirSync(path.dirname(databaseFile), { recursive: true, mode: 0o700 });
  const incoming = `${databaseFile}.restoring`;
  fs.copyFileSync(backup, incoming);
  fs.chmodSync(incoming, 0o600);
  const aside = `${databaseFile}.before-restore`;
  for (const suffix of ['', '-wal', '-shm']) {
    fs.rmSync(`${aside}${suffix}`, { force: true });
    if (fs.existsSync(`${databaseFile}${suffix}`)) fs.renameSync(`${databaseFile}${suffix}`, `${aside}${suffix}`);
  }
  fs.renameSync(incoming, databaseFile);
  return aside;
}

/** The schema the archive's tables belong to (pg_restore --list). */
function archiveSchema(file: string, databaseUrl: string): { schema: string; createsSchema: boolean } {
  const listing = execFileSync('pg_restore', ['--list', file], { env: libpqEnvironment(databaseUrl), encoding: 'utf8' });
  const table = /^\d+; \d+ \d+ TABLE (\S+) /m.exec(listing);
  if (!table?.[1]) throw new Error(`The archive ${file} holds no tables`);
  const schema = table[1];
  return { schema, createsSchema: new RegExp(`^\\d+; \\d+ \\d+ SCHEMA - ${schema.replace(/[^a-z0-9_]/gi, '')} `, 'm').test(listing) };
}

/**
 * Empties `from` into `to` (made here) in one transaction: the app's tables (with their indexes,
 * triggers and owned sequences), other sequences and its functions; what belongs to an extension
 * (pg_trgm lives in public) stays. Used for a schema that holds extensions, which cannot be renamed
 * aside without taking them along.
 */
async function moveAppObjects(client: pg.Client, from: string, to: string): Promise<void> {
  const [f, t] = [quoteIdentifier(from), quoteIdentifier(to)];
  const extensionMember = `exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')`;
  await client.query('BEGIN');
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${t}`);
    const tables = await client.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relkind in ('r', 'p') and not ${extensionMember}`, [from]);
    for (const { name } of tables.rows) await client.query(`ALTER TABLE ${f}.${quoteIdentifier(name)} SET SCHEMA ${t}`);
    const sequences = await client.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relkind = 'S' and not ${extensionMember}`, [from]);
    for (const { name } of sequences.rows) await client.query(`ALTER SEQUENCE ${f}.${quoteIdentifier(name)} SET SCHEMA ${t}`);
    const functions = await client.query<{ name: string; args: string }>(
      `select p.proname as name, pg_get_function_identity_arguments(p.oid) as args from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = $1 and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`, [from]);
    for (const { name, args } of functions.rows) await client.query(`ALTER FUNCTION ${f}.${quoteIdentifier(name)}(${args}) SET SCHEMA ${t}`);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** A pg_restore list of the archive without its CREATE SCHEMA (the schema stays, as it holds extensions): its file. */
function withoutSchemaCreation(file: string, databaseUrl: string, schema: string): string {
  const listing = execFileSync('pg_restore', ['--list', file], { env: libpqEnvironment(databaseUrl), encoding: 'utf8' });
  const entry = new RegExp(`^(\\d+; \\d+ \\d+ SCHEMA - ${schema.replace(/[^a-z0-9_]/gi, '')} )`, 'm');
  const list = `${file}.${process.pid}.list`;
  fs.writeFileSync(list, listing.replace(entry, ';$1'), { mode: 0o600 });
  return list;
}

async function restorePostgres(databaseUrl: string, configuredSchema: string | undefined, file: string): Promise<string> {
  const { schema, createsSchema } = archiveSchema(file, databaseUrl);
  if (configuredSchema && configuredSchema !== schema) {
    throw new Error(`The archive holds schema ${schema}, but DATABASE_SCHEMA is ${configuredSchema}`);
  }
  const aside = `${schema}_before_restore_${Math.floor(Date.now() / 1000)}`.slice(0, 63);
  const client = new (loadPg().Client)({ connectionString: databaseUrl });
  await client.connect();
  try {
    const exists = (await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema])).rowCount !== 0;
    const holdsExtensions = exists && (await client.query('SELECT 1 FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE n.nspname = $1', [schema])).rowCount !== 0;
    // A schema with extensions in it (public, with pg_trgm) stays and is emptied; any other is renamed aside whole.
    if (holdsExtensions) await moveAppObjects(client, schema, aside);
    else if (exists) await client.query(`ALTER SCHEMA ${quoteIdentifier(schema)} RENAME TO ${quoteIdentifier(aside)}`);
    try {
      if (!createsSchema && !holdsExtensions) await client.query(`CREATE SCHEMA ${quoteIdentifier(schema)}`);
      const env = libpqEnvironment(databaseUrl);
      // With --single-transaction a failed restore leaves nothing behind.
      const useList = holdsExtensions && createsSchema ? withoutSchemaCreation(file, databaseUrl, schema) : undefined;
      try {
        await runPgTool('pg_restore', [
          '--single-transaction', '--no-owner', '--no-privileges', `--dbname=${env.PGDATABASE ?? env.PGUSER ?? 'postgres'}`, ...(useList ? [`--use-list=${useList}`] : []), file,
        ], databaseUrl);
      } finally {
        if (useList) fs.rmSync(useList, { force: true });
      }
    } catch (error) {
      if (holdsExtensions) {
        await moveAppObjects(client, aside, schema);
        await client.query(`DROP SCHEMA IF EXISTS ${quoteIdentifier(aside)}`);
      } else {
        await client.query(`DROP SCHEMA IF EXISTS ${quoteIdentifier(schema)} CASCADE`);
        if (exists) await client.query(`ALTER SCHEMA ${quoteIdentifier(aside)} RENAME TO ${quoteIdentifier(schema)}`);
      }
      throw error;
    }
    return exists ? `schema ${aside}` : 'nowhere (the schema did not exist)';
  } finally {
    await client.end();
  }
}
