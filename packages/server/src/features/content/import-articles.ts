import type { FastifyRequest } from 'fastify';
import {
  ARTICLE_BODY_MAX_LENGTH, ARTICLE_IMPORT_MESSAGES, ARTICLE_TITLE_MAX_LENGTH, articleFromText,
  type ArticleTitleSource, type UploadArticlesResponse,
} from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { assertOwned } from '../../platform/auth/ownership';
import { spoolUpload, type SpooledUpload } from '../../platform/files/spool-upload';
import { Utf8TextCheck } from '../../platform/files/text-check';
import { HttpError } from '../../platform/http/errors';
import { PendingImport } from '../../platform/imports/pending-import';
import { insertArticles, type NewArticle } from './articles.repository';
import { publishCountChange } from './publish-count-change';
import { inArchive, uploadedDocuments, type UploadedDocument } from './uploaded-documents';

/** Past this many bytes a document cannot hold a title and body within their limits (4 bytes a character at most). */
const DOCUMENT_MAX_BYTES = 4 * (ARTICLE_TITLE_MAX_LENGTH + ARTICLE_BODY_MAX_LENGTH) + 64 * 1024;
/** Articles written per short transaction, and the most text kept waiting for one. */
const CHUNK_ARTICLES = 100;
const CHUNK_CHARACTERS = 2 * 1024 * 1024;

/** Reads a document to its end, proving it is UTF-8 text; keeps nothing. */
async function isText(document: UploadedDocument): Promise<boolean> {
  if (document.binary) return false;
  const check = new Utf8TextCheck();
  try {
    for await (const chunk of document.stream) if (!check.push(chunk as Buffer)) return false;
  } catch (err) {
    throw inArchive(err, document.archive);
  }
  return check.end();
}

/** A document's text, or null when it is larger than any article may be (only that much is read). */
async function textOf(document: UploadedDocument): Promise<string | null> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  try {
    for await (const chunk of document.stream) {
      bytes += (chunk as Buffer).length;
      if (bytes > DOCUMENT_MAX_BYTES) return null;
      chunks.push(chunk as Buffer);
    }
  } catch (err) {
    throw inArchive(err, document.archive);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Pass 1, before anything is written: every file and every ZIP entry is text, no ZIP holds a path
 * outside itself, and the ZIPs together stay within the expansion limit. Streams; keeps nothing.
 */
async function checkUpload(upload: SpooledUpload, maxExpandedBytes: number): Promise<void> {
  for await (const document of uploadedDocuments(upload, maxExpandedBytes)) {
    if (!(await isText(document))) throw new HttpError(422, ARTICLE_IMPORT_MESSAGES.notText(document.label));
  }
}

/** Pass 2: the articles, written a chunk per short transaction under one pending import. */
async function writeArticles(
  ctx: AppContext, target: { ownerId: number; groupId: number }, upload: SpooledUpload, maxExpandedBytes: number, source: ArticleTitleSource,
): Promise<UploadArticlesResponse> {
  const pending = await PendingImport.begin(ctx.database.db, { ownerId: target.ownerId, kind: 'articles', targetId: target.groupId });
  return pending.run(async () => {
    const errors: UploadArticlesResponse['errors'] = [];
    let imported = 0;
    let batch: NewArticle[] = [];
    let characters = 0;
    const flush = async () => {
      const articles = batch;
      batch = [];
      characters = 0;
      if (articles.length > 0) await pending.writeChunk((trx) => insertArticles(trx, target.ownerId, target.groupId, articles, pending.id).then(() => undefined));
      imported += articles.length;
    };
    for await (const document of uploadedDocuments(upload, maxExpandedBytes)) {
      const text = await textOf(document);
      const article = text === null ? { ok: false as const, message: ARTICLE_IMPORT_MESSAGES.bodyTooLong } : articleFromText(document.name, text, source);
      if (!article.ok) {
        errors.push({ file: document.label, message: article.message });
        continue;
      }
      batch.push({ title: article.title, body: article.body });
      characters += article.title.length + article.body.length;
      if (batch.length >= CHUNK_ARTICLES || characters >= CHUNK_CHARACTERS) await flush();
    }
    await flush();
    return { imported, errors };
  });
}

/**
 * Imports uploaded articles into one of the user's groups: several text files and/or ZIPs of them.
 * The upload is spooled to disk first; then everything is checked before anything is written: a
 * binary file, a ZIP with a path outside itself, or ZIPs that together expand past the limit refuse
 * the whole upload (nothing imported). Files are streamed from disk and ZIP entries as they
 * inflate, so memory stays bounded by one article, whatever is uploaded. Empty files are skipped
 * and reported per file. The articles are written in short transactions, all or nothing, and the
 * live channels hear about it after the last one.
 */
export async function importArticles(
  ctx: AppContext, request: FastifyRequest, ownerId: number, groupId: number, source: ArticleTitleSource,
): Promise<UploadArticlesResponse> {
  await assertOwned(ctx.database.db, 'content_groups', groupId, ownerId);
  const maxExpandedBytes = ctx.config.zipMaxExpandedMb * 1024 * 1024;
  const upload = await spoolUpload(request);
  let result: UploadArticlesResponse;
  try {
    await checkUpload(upload, maxExpandedBytes);
    result = await writeArticles(ctx, { ownerId, groupId }, upload, maxExpandedBytes, source);
  } finally {
    await upload.remove();
  }
  if (result.imported > 0) {
    ctx.live?.publish(ownerId, `content_group/${groupId}`, 'articlesImported', { count: result.imported });
    await publishCountChange(ctx, ownerId, groupId);
  }
  return result;
}
