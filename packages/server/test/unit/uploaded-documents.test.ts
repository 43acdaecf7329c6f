import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { uploadedDocuments, type UploadedDocument } from '../../src/features/content/uploaded-documents';
import type { SpooledFile, SpooledUpload } from '../../src/platform/files/spool-upload';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** An upload of these files spooled to a folder of their own. */
function spooled(files: { name: string; content: Buffer | string; isText: boolean }[]): SpooledUpload {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'uploaded-documents-test-'));
  dirs.push(dir);
  return {
    files: files.map((file, i): SpooledFile => {
      const filePath = path.join(dir, String(i));
      fs.writeFileSync(filePath, file.content);
      const bytes = fs.readFileSync(filePath);
      return { filename: file.name, mimetype: 'application/octet-stream', path: filePath, bytes: bytes.length, isText: file.isText, head: bytes.subarray(0, 8) };
    }),
    remove: () => fs.promises.rm(dir, { recursive: true, force: true }),
  };
}

describe('the documents of a spooled upload', () => {
  it('has closed the file of a document nobody read before it hands the next one, or ends', async () => {
    const upload = spooled([
      { name: 'picture.png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]), isText: false },
      { name: 'notes.json', content: '{"a":1}', isText: true },
      { name: 'other.png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]), isText: false },
    ]);
    const seen: UploadedDocument[] = [];
    for await (const document of uploadedDocuments(upload, 1_000_000)) {
      expect(seen.every((earlier) => earlier.stream.closed)).toBe(true);
      seen.push(document);
    }
    expect(seen.map((document) => [document.name, document.binary])).toEqual([['picture.png', true], ['notes.json', false], ['other.png', true]]);
    expect(seen.every((document) => document.stream.closed)).toBe(true);
    // The folder goes right after, as the import's `finally` removes it: nothing opens a file in it later.
    await upload.remove();
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
});
