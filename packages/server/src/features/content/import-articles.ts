import type { FastifyRequest } from 'fastify';
import {
  ARTICLE_IMPORT_MESSAGES, articleFromText, looksLikeText,
  type ArticleTitleSource, type UploadArticlesResponse,
} from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { assertOwned } from '../../platform/auth/ownership';
import { readAll, receiveFiles } from '../../platform/files/upload';
import { looksLikeZip, readZipTextEntries } from '../../platform/files/zip';
import { HttpError } from '../../platform/http/errors';
import { insertArticles, type NewArticle } from './articles.repository';
import { publishCountChange } from './publish-count-change';

interface TextDocument {
  /** As the user knows it: `upload.txt` or `archive.zip/folder/post.txt`. */
  label: string;
  /** The name the title may come from (the entry's own name inside a ZIP). */
  name: string;
  text: string;
}

/** The text documents of one uploaded file: itself, or the entries of a ZIP. Refuses binaries. */
async function documentsOf(filename: string, bytes: Buffer, maxExpandedBytes: number): Promise<TextDocument[]> {
  if (looksLikeZip(bytes) || /\.zip$/i.test(filename)) {
    let entries;
    try {
      entries = await readZipTextEntries(bytes, maxExpandedBytes);
    } catch (err) {
      // Name the archive: several files may travel in one upload.
      if (err instanceof HttpError) throw new HttpError(err.statusCode, `${filename}: ${err.message}`);
      throw err;
    }
    return entries.map((entry) => ({ label: `${filename}/${entry.name}`, name: entry.name, text: entry.text }));
  }
  return [{ label: filename, name: filename, text: bytes.toString('utf8') }];
}

/**
 * Imports uploaded articles into one of the user's groups: several text files and/or ZIPs of them.
 * Everything is checked before anything is written; a binary file, a ZIP with a path outside
 * itself or one that expands past the limit refuses the whole upload (nothing imported). Empty
 * files are skipped and reported per file. The valid articles are written in one transaction and
 * the live channels hear about it after the commit.
 */
export async function importArticles(
  ctx: AppContext, request: FastifyRequest, ownerId: number, groupId: number, source: ArticleTitleSource,
): Promise<UploadArticlesResponse> {
  const { db } = ctx.database;
  await assertOwned(db, 'content_groups', groupId, ownerId);
  const maxExpandedBytes = ctx.config.zipMaxExpandedMb * 1024 * 1024;
  const articles: NewArticle[] = [];
  const errors: UploadArticlesResponse['errors'] = [];
  for await (const file of receiveFiles(request)) {
    const bytes = await readAll(file.stream);
    for (const document of await documentsOf(file.filename, bytes, maxExpandedBytes)) {
      if (!looksLikeText(document.text)) throw new HttpError(422, ARTICLE_IMPORT_MESSAGES.notText(document.label));
      const article = articleFromText(document.name, document.text, source);
      if (article.ok) articles.push({ title: article.title, body: article.body });
      else errors.push({ file: document.label, message: article.message });
    }
  }
  if (articles.length > 0) {
    await db.transaction().execute((trx) => insertArticles(trx, ownerId, groupId, articles));
    ctx.live?.publish(ownerId, `content_group/${groupId}`, 'articlesImported', { count: articles.length });
    await publishCountChange(ctx, ownerId, groupId);
  }
  return { imported: articles.length, errors };
}
