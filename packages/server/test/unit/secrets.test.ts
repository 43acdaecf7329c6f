import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AccountCreationFormSchema, OptionsSchema } from '@linkloom/shared';
import { formatSecretKey, generateSecretKey, isSealed, parseSecretKeys, SecretBox, SecretUnreadableError } from '../../src/platform/crypto/secret-box';
import { loadSecretBox, SECRET_KEY_FILE_NAME } from '../../src/platform/crypto/secret-key-source';
import { openSealedJson, sealJsonPaths } from '../../src/platform/crypto/secret-json';
import { openDatabase } from '../../src/platform/db/dialect';
import { migrateToLatest } from '../../src/platform/db/migrate';
import { OPTION_SECRET_PATHS } from '../../src/features/options/options.repository';
import { PROJECT_SECRET_PATHS } from '../../src/features/projects/projects.repository';

const temporary: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-secrets-'));
  temporary.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of temporary.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('the secret box', () => {
  const first = generateSecretKey('k1');
  const second = generateSecretKey('k2');

  it('seals with AES-GCM under a named key and opens what it sealed; the same value seals differently each time', () => {
    const box = new SecretBox([first]);
    const sealed = box.seal('pässword with | and :');
    expect(sealed).toMatch(/^enc:v1:k1:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('word');
    expect(box.seal('pässword with | and :')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('pässword with | and :');
    expect(box.seal('')).toBe('');
    expect(box.open('written before encryption')).toBe('written before encryption');
  });

  it('refuses an altered value and one sealed with a key it does not have, naming the key', () => {
    const sealed = new SecretBox([first]).seal('secret');
    const payload = Buffer.from(sealed.split(':')[3]!, 'base64url');
    payload[payload.length - 1]! ^= 1;
    expect(() => new SecretBox([first]).open(`enc:v1:k1:${payload.toString('base64url')}`)).toThrow(SecretUnreadableError);
    expect(() => new SecretBox([second]).open(sealed)).toThrow(/key "k1", which this server does not have/);
    // Another key under the same id fails the integrity check rather than giving garbage.
    expect(() => new SecretBox([{ id: 'k1', key: second.key }]).open(sealed)).toThrow(/failed its integrity check/);
  });

  it('rotates: the first key seals, every key opens, reseal moves a value to the current key', () => {
    const old = new SecretBox([first]).seal('secret');
    const ring = new SecretBox([second, first]);
    expect(ring.currentKeyId).toBe('k2');
    expect(ring.open(old)).toBe('secret');
    const moved = ring.reseal(old);
    expect(moved).toMatch(/^enc:v1:k2:/);
    expect(ring.reseal(moved)).toBe(moved);
    expect(new SecretBox([second]).open(moved)).toBe('secret');
    expect(isSealed(ring.reseal('plain'))).toBe(true);
  });

  it('reads keys written id:base64, first is current, and says what is wrong with a bad one', () => {
    const text = `# comment\n${formatSecretKey(second)}\n${formatSecretKey(first)}\n`;
    expect(parseSecretKeys(text, 'file').map((key) => key.id)).toEqual(['k2', 'k1']);
    expect(parseSecretKeys(`${formatSecretKey(second)}, ${formatSecretKey(first)}`, 'env').map((key) => key.id)).toEqual(['k2', 'k1']);
    expect(() => parseSecretKeys('', 'SECRETS_KEY')).toThrow('SECRETS_KEY holds no key');
    expect(() => parseSecretKeys('k1:c2hvcnQ=', 'SECRETS_KEY')).toThrow('key "k1" must be 32 random bytes');
    expect(() => parseSecretKeys(first.key.toString('base64'), 'SECRETS_KEY')).toThrow('must be written id:base64');
    expect(() => new SecretBox([first, { id: 'k1', key: second.key }])).toThrow('appears twice');
  });
});

describe('where the key comes from', () => {
  it('makes a key file (0600) in a new data directory (0700) on first use and reads the same key afterwards', () => {
    const dataDir = path.join(tempDir(), 'data');
    const box = loadSecretBox({ dataDir });
    const file = path.join(dataDir, SECRET_KEY_FILE_NAME);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(file)).toBe(0o600);
    expect(fs.readdirSync(dataDir)).toEqual([SECRET_KEY_FILE_NAME]);
    const sealed = box.seal('secret');
    expect(loadSecretBox({ dataDir }).open(sealed)).toBe('secret');
  });

  it('takes SECRETS_KEY instead (and writes no file); a SECRETS_KEY_FILE that is missing is an error, not a new key', () => {
    const dataDir = tempDir();
    const key = generateSecretKey('env1');
    expect(loadSecretBox({ dataDir, secretsKey: formatSecretKey(key) }).currentKeyId).toBe('env1');
    expect(fs.readdirSync(dataDir)).toEqual([]);
    expect(() => loadSecretBox({ dataDir, secretsKeyFile: path.join(dataDir, 'nope.key') })).toThrow(/SECRETS_KEY_FILE .*nope.key does not exist/);
    fs.writeFileSync(path.join(dataDir, 'mine.key'), `${formatSecretKey(key)}\n`, { mode: 0o600 });
    expect(loadSecretBox({ dataDir, secretsKeyFile: path.join(dataDir, 'mine.key') }).currentKeyId).toBe('env1');
  });

  it('opens SQLite with the data directory 0700 and the database, its log and shared memory 0600', async () => {
    const dataDir = path.join(tempDir(), 'fresh');
    const database = openDatabase({ databaseUrl: undefined, dataDir });
    try {
      await migrateToLatest(database);
      await sql`create table probe (x integer)`.execute(database.db);
      const file = path.join(dataDir, 'linkloom.sqlite');
      expect(modeOf(dataDir)).toBe(0o700);
      for (const name of [file, `${file}-wal`, `${file}-shm`, path.join(dataDir, SECRET_KEY_FILE_NAME)]) expect([name, modeOf(name)]).toEqual([name, 0o600]);
    } finally {
      await database.close();
    }
  });

  it('tightens a database file an older version left readable by others', async () => {
    const dataDir = tempDir();
    const file = path.join(dataDir, 'linkloom.sqlite');
    fs.writeFileSync(file, '', { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    const database = openDatabase({ databaseUrl: undefined, dataDir });
    await database.close();
    expect(modeOf(file)).toBe(0o600);
  });
});

describe('secrets inside JSON columns', () => {
  const box = new SecretBox([generateSecretKey('k1')]);

  it('seals the strings at the given paths only, and opens every sealed string back', () => {
    const text = JSON.stringify({ maxPostingThreads: 4, indexer: { SpeedyIndex: 'key-1', GigaIndexer: 'me:key-2' }, note: 'plain' });
    const sealed = sealJsonPaths(text, OPTION_SECRET_PATHS, (value) => box.seal(value));
    expect(sealed).not.toContain('key-1');
    expect(JSON.parse(sealed)).toMatchObject({ maxPostingThreads: 4, note: 'plain' });
    expect(JSON.parse(openSealedJson(box, sealed))).toEqual(JSON.parse(text));
    expect(sealJsonPaths('{"other":1}', OPTION_SECRET_PATHS, (value) => box.seal(value))).toBe('{"other":1}');
    expect(sealJsonPaths('not json', OPTION_SECRET_PATHS, (value) => box.seal(value))).toBe('not json');
  });

  /** Dotted paths of every string field whose name says it is a credential, through nested objects. */
  function credentialFields(schema: z.ZodType, prefix: string[] = [], textsOnly = false): string[] {
    let inner: z.ZodType = schema;
    while (inner instanceof z.ZodDefault || inner instanceof z.ZodOptional || inner instanceof z.ZodNullable) inner = inner.unwrap() as z.ZodType;
    if (inner instanceof z.ZodObject) return Object.entries(inner.shape).flatMap(([key, field]) => credentialFields(field as z.ZodType, [...prefix, key], textsOnly));
    if (inner instanceof z.ZodRecord) return credentialFields(inner.valueType as z.ZodType, [...prefix, '*'], textsOnly);
    if (textsOnly && !(inner instanceof z.ZodString)) return [];
    const name = prefix.join('.');
    return /password|secret|token|credential|api.?key|indexer\.\*|captcha|spinner/i.test(name) ? [name] : [];
  }

  it('every credential the options and an account creation form hold is among the sealed paths', () => {
    // Texts only: a captcha switch or a spinner's quality is no secret. A sealed path's `*` covers any name there.
    const sealed = OPTION_SECRET_PATHS.map((path) => new RegExp(`^${path.map((part) => (part === '*' ? '[^.]+' : part)).join('\\.')}$`));
    const texts = credentialFields(OptionsSchema, [], true);
    expect(texts.length).toBeGreaterThan(30);
    expect(texts.filter((field) => !sealed.some((pattern) => pattern.test(field)))).toEqual([]);
    expect(credentialFields(AccountCreationFormSchema).sort()).toEqual(PROJECT_SECRET_PATHS.map((p) => p.join('.')).sort());
  });
});
