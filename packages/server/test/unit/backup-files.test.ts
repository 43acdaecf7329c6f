import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backupDay, backupFile, listBackups, nextBackupStart, pruneBackups } from '../../src/engine/backup/backup-files';

describe('automatic backup files', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('names one backup per UTC day and starts the next day at 00:00 UTC', () => {
    const late = Date.UTC(2026, 0, 31, 23, 59, 59, 999);
    expect(backupDay(late)).toBe('2026-01-31');
    expect(nextBackupStart(late).toISOString()).toBe('2026-02-01T00:00:00.000Z');
    expect(nextBackupStart(Date.UTC(2026, 1, 1)).toISOString()).toBe('2026-02-02T00:00:00.000Z');
    expect(path.basename(backupFile('/b', '2026-01-31', 'sqlite'))).toBe('linkloom-2026-01-31.sqlite');
    expect(path.basename(backupFile('/b', '2026-01-31', 'postgres'))).toBe('linkloom-2026-01-31.pgdump');
  });

  it('keeps the newest N backups and leaves other files alone', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-backup-files-'));
    dirs.push(dir);
    for (const day of ['2026-01-03', '2026-01-01', '2026-01-02']) fs.writeFileSync(backupFile(dir, day, 'sqlite'), '');
    fs.writeFileSync(path.join(dir, 'notes.txt'), '');
    fs.writeFileSync(path.join(dir, 'linkloom-2026-01-04.sqlite.partial'), '');
    expect(pruneBackups(dir, 2).map((file) => path.basename(file))).toEqual(['linkloom-2026-01-01.sqlite']);
    expect(listBackups(dir).map((file) => path.basename(file))).toEqual(['linkloom-2026-01-02.sqlite', 'linkloom-2026-01-03.sqlite']);
    expect(fs.readdirSync(dir).sort()).toEqual(['linkloom-2026-01-02.sqlite', 'linkloom-2026-01-03.sqlite', 'linkloom-2026-01-04.sqlite.partial', 'notes.txt']);
  });
});
