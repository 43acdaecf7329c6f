/**
 * Spool folders a crashed upload left in the temp directory are swept when a server starts
 * (issue 33 item 7, platform/files/spool-dirs.ts): a folder of a process that is gone, and one of
 * an older version past the age limit, are removed; a folder of a running process (another
 * server's upload, or an upload this very process is receiving) is not touched.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultDiagram } from '@linkloom/shared';
import { DATABASES } from '../support/databases';
import { useTestServer } from '../support/lifecycle';
import { useTwoUsers } from '../support/scenario';
import { listen, startTestApp } from '../support/test-app';
import { multipartFile } from '../support/multipart';
import { browserHeaders } from '../support/raw-http';
import { untilWithin } from '../support/until';
import { SPOOL_DIR_PREFIX } from '../../src/platform/files/spool-dirs';

const until = untilWithin(10_000, 20);
/** A modification time far in the past (older than any age limit). */
const LONG_AGO = new Date('2001-01-01T00:00:00Z');

function spoolDir(infix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `${SPOOL_DIR_PREFIX}${infix}`));
}

/** The id of a process that has ended. */
function endedProcessId(): number {
  const ended = spawnSync(process.execPath, ['-e', '']);
  if (ended.pid === undefined) throw new Error('no process id');
  return ended.pid;
}

/** This process's spool folders now. */
function ownSpoolDirs(): string[] {
  return fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(`${SPOOL_DIR_PREFIX}${process.pid}-`));
}

describe.each(DATABASES)('upload spool folders swept at start on $kind', ({ kind, skip }) => {
  const ctx = useTestServer(kind, skip);
  const { ann } = useTwoUsers(ctx, skip);
  const made: string[] = [];
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) child.kill();
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it.skipIf(skip)('removes the folders of ended processes and old ones; keeps those of running uploads', async () => {
    const ofEndedProcess = spoolDir(`${endedProcessId()}-`);
    fs.writeFileSync(path.join(ofEndedProcess, '0'), 'half an upload');
    const oldWithoutProcess = spoolDir('');
    fs.utimesSync(oldWithoutProcess, LONG_AGO, LONG_AGO);
    const freshWithoutProcess = spoolDir('');
    const running = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    children.push(running);
    const ofRunningProcess = spoolDir(`${running.pid}-`);
    made.push(ofEndedProcess, oldWithoutProcess, freshWithoutProcess, ofRunningProcess);

    // An upload this process is receiving right now: its folder is made, its body not finished.
    const baseUrl = await listen(ctx.server);
    const before = new Set(ownSpoolDirs());
    const { body, headers } = multipartFile('diagram.json', JSON.stringify(defaultDiagram()));
    const request = http.request(`${baseUrl}/action/import/strategies`, {
      method: 'POST', headers: { ...headers, ...browserHeaders(ann.agent), 'content-length': String(body.length) },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => { text += chunk.toString(); });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      request.on('error', reject);
    });
    request.write(body.subarray(0, body.length - 10));
    const uploading = await until('the upload spool folder', async () => ownSpoolDirs().find((name) => !before.has(name)));

    // A second server starts on the same data (a restart after a crash, or a second process).
    const second = await startTestApp(ctx.handle);
    try {
      expect(fs.existsSync(ofEndedProcess)).toBe(false);
      expect(fs.existsSync(oldWithoutProcess)).toBe(false);
      expect(fs.existsSync(freshWithoutProcess)).toBe(true);
      expect(fs.existsSync(ofRunningProcess)).toBe(true);
      expect(fs.existsSync(path.join(os.tmpdir(), uploading))).toBe(true);
    } finally {
      await second.close();
    }

    // The running upload finishes as if nothing happened, and removes its own folder.
    request.end(body.subarray(body.length - 10));
    const result = await answered;
    expect(result.status, result.body).toBe(200);
    expect(JSON.parse(result.body).imported).toHaveLength(1);
    expect(fs.existsSync(path.join(os.tmpdir(), uploading))).toBe(false);
  });
});
