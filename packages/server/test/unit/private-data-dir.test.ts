import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirNotPrivateError, keepDataDirPrivate, type DataDirFileSystem } from '../../src/platform/db/private-data-dir';

describe('keepDataDirPrivate (DATA_DIR is 0700 or the server does not start)', () => {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  const folder = (mode: number) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkloom-data-mode-'));
    made.push(dir);
    fs.chmodSync(dir, mode);
    return dir;
  };

  it('tightens group and other access to 0700; a private folder and a missing one are left as they are', () => {
    for (const mode of [0o755, 0o770, 0o701, 0o777]) {
      const dir = folder(mode);
      keepDataDirPrivate(dir);
      expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    }
    const own = folder(0o500);
    keepDataDirPrivate(own);
    expect(fs.statSync(own).mode & 0o777).toBe(0o500);
    expect(() => keepDataDirPrivate(path.join(os.tmpdir(), 'linkloom-no-such-folder', 'data'))).not.toThrow();
  });

  it('refuses to go on, naming the folder and what to do, when the folder cannot be tightened', () => {
    const dir = folder(0o755);
    const refusing: DataDirFileSystem = {
      statSync: fs.statSync,
      chmodSync: () => {
        throw Object.assign(new Error('operation not permitted'), { code: 'EPERM' });
      },
    };
    expect(() => keepDataDirPrivate(dir, refusing)).toThrow(DataDirNotPrivateError);
    expect(() => keepDataDirPrivate(dir, refusing)).toThrow(
      `The data folder ${dir} (DATA_DIR) can be opened by other users of this machine (mode 0755) and LinkLoom cannot make it private (EPERM). `
      + `It holds the database and the secret key, so LinkLoom does not start: run "chmod 700 ${dir}" as the folder's owner, `
      + 'or set DATA_DIR to a folder owned by the user LinkLoom runs as.',
    );
  });
});
