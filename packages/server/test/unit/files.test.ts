import { Readable } from 'node:stream';
import yazl from 'yazl';
import { describe, expect, it } from 'vitest';
import { readLines } from '../../src/platform/files/lines';
import { csvField, csvLine, parseCsv } from '../../src/platform/files/csv';
import { escapesArchive, looksLikeZip, readZipTextEntries, zipStream } from '../../src/platform/files/zip';
import { contentDisposition } from '../../src/platform/files/download';
import { buffer as readAll } from 'node:stream/consumers';
import { inBatches } from '../../src/platform/db/batches';

const chunked = (...parts: (string | Buffer)[]) => Readable.from(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));
async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

function zipOf(files: Record<string, string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, text] of Object.entries(files)) zip.addBuffer(Buffer.from(text), name);
  zip.end();
  return readAll(zip.outputStream as Readable);
}

describe('readLines', () => {
  it('splits every break style, across chunk boundaries, with a BOM and no final break', async () => {
    const lines = await collect(readLines(chunked('\uFEFFa\r', '\nb\nc', '\rd\r\n\r\ne')));
    expect(lines).toEqual([[1, 'a'], [2, 'b'], [3, 'c'], [4, 'd'], [5, ''], [6, 'e']]);
  });
  it('keeps multi-byte characters split across chunks', async () => {
    const bytes = Buffer.from('héllo\nwörld');
    expect(await collect(readLines(chunked(bytes.subarray(0, 2), bytes.subarray(2))))).toEqual([[1, 'héllo'], [2, 'wörld']]);
  });
  it('treats a lone \\r at the end of a chunk followed by text as a break', async () => {
    expect(await collect(readLines(chunked('a\r', 'b')))).toEqual([[1, 'a'], [2, 'b']]);
  });
});

describe('CSV', () => {
  it('neutralises formulas and quotes what needs quoting', () => {
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField('-2,3')).toBe('"\'-2,3"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField(null)).toBe('');
    expect(csvLine(['a', 'b\nc', 3])).toBe('a,"b\nc",3\r\n');
  });
  it('parses quoted fields with commas, quotes and breaks, any break style', async () => {
    const records = await collect(parseCsv(chunked('a,"b,""x""', '\ny",c\r\n1,2,3\r4,,\n')));
    expect(records).toEqual([[1, ['a', 'b,"x"\ny', 'c']], [2, ['1', '2', '3']], [3, ['4', '', '']]]);
  });
  it('reports an unclosed quote', async () => {
    await expect(collect(parseCsv(chunked('a,"b\n')))).rejects.toThrow('Record 1 has a quote that is never closed');
  });
});

describe('ZIP', () => {
  it('reads text entries and skips folders and metadata', async () => {
    const buffer = await zipOf({ 'a.txt': 'first', 'dir/b.txt': '\uFEFFsecond', '__MACOSX/._a.txt': 'x', '.DS_Store': 'x' });
    expect(looksLikeZip(buffer)).toBe(true);
    expect(await readZipTextEntries(buffer, 1024)).toEqual([{ name: 'a.txt', text: 'first' }, { name: 'dir/b.txt', text: 'second' }]);
  });
  it('refuses non-ZIP bytes, paths outside the archive and archives that expand too far', async () => {
    await expect(readZipTextEntries(Buffer.from('not a zip at all'), 1024)).rejects.toThrow('The file is not a valid ZIP archive');
    expect(looksLikeZip(Buffer.from('PK'))).toBe(false);
    for (const name of ['../evil.txt', '/etc/passwd', 'a/../../b', 'C:/x', '..\\x']) expect(escapesArchive(name)).toBe(true);
    expect(escapesArchive('a/b..c.txt')).toBe(false);
    const slip = await zipOf({ 'ok.txt': 'fine' });
    const slipped = Buffer.from(slip.toString('latin1').replaceAll('ok.txt', '../x.t'), 'latin1');
    await expect(readZipTextEntries(slipped, 1024)).rejects.toThrow('The ZIP archive holds a path outside itself: ../x.t');
    const bomb = await zipOf({ 'big.txt': 'x'.repeat(10_000) });
    await expect(readZipTextEntries(bomb, 5_000)).rejects.toThrow(/expand past/);
  });
  it('writes a ZIP from streams that reads back', async () => {
    async function* entries() {
      yield { name: 'one.txt', content: Readable.from([Buffer.from('1')]) };
      yield { name: 'two.txt', content: Readable.from([Buffer.from('2')]) };
    }
    const buffer = await readAll(zipStream(entries()));
    expect(await readZipTextEntries(buffer, 1024)).toEqual([{ name: 'one.txt', text: '1' }, { name: 'two.txt', text: '2' }]);
  });
});

describe('downloads and batches', () => {
  it('names a download in ASCII and in UTF-8', () => {
    expect(contentDisposition('Café "links".csv')).toBe(`attachment; filename="Caf_ _links_.csv"; filename*=UTF-8''Caf%C3%A9%20%22links%22.csv`);
  });
  it('walks ids in batches until a short one', async () => {
    const ids = Array.from({ length: 5 }, (_, i) => ({ id: i + 1 }));
    const batches = await collect(inBatches(async (after, limit) => ids.filter((r) => r.id > after).slice(0, limit), 2));
    expect(batches.map((b) => b.map((r) => r.id))).toEqual([[1, 2], [3, 4], [5]]);
  });
});
