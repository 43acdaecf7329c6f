import { ARTICLE_BODY_MAX_LENGTH, ARTICLE_TITLE_MAX_LENGTH } from '../schemas/content';

/** Where an uploaded article's title comes from (the two upload calls of spec 3 section 7). */
export type ArticleTitleSource = 'firstLine' | 'fileName';

export type ArticleFromText = { ok: true; title: string; body: string } | { ok: false; message: string };

export const ARTICLE_IMPORT_MESSAGES = {
  empty: 'The file is empty',
  noBody: 'The file holds a title but no body',
  titleTooLong: `The title is longer than ${ARTICLE_TITLE_MAX_LENGTH} characters`,
  bodyTooLong: `The body is longer than ${ARTICLE_BODY_MAX_LENGTH} characters`,
  notText: (file: string) => `${file} is not a text file: upload plain-text (UTF-8) files or a ZIP of them`,
} as const;

/** The file name without its folders and its last extension: `dir/My post.txt` → `My post`. */
export function titleFromFileName(fileName: string): string {
  const base = fileName.replace(/\\/g, '/').split('/').pop() ?? fileName;
  const dot = base.lastIndexOf('.');
  return (dot > 0 ? base.slice(0, dot) : base).trim();
}

/**
 * Turns one uploaded text file into an article. With `firstLine` the first non-blank line is the
 * title and the rest the body; with `fileName` the title is the file name without its extension
 * and the whole text is the body. Leading and trailing blank space is dropped; an empty file, a
 * title without a body and over-long fields are reported, never imported half-way.
 */
export function articleFromText(fileName: string, text: string, source: ArticleTitleSource): ArticleFromText {
  const content = text.replace(/^\uFEFF/, '').trim();
  if (content === '') return { ok: false, message: ARTICLE_IMPORT_MESSAGES.empty };
  let title: string;
  let body: string;
  if (source === 'fileName') {
    title = titleFromFileName(fileName);
    body = content;
  } else {
    const lineBreak = /\r\n|\n|\r/.exec(content);
    title = (lineBreak ? content.slice(0, lineBreak.index) : content).trim();
    body = lineBreak ? content.slice(lineBreak.index + lineBreak[0].length).trim() : '';
  }
  if (title === '') return { ok: false, message: ARTICLE_IMPORT_MESSAGES.empty };
  if (body === '') return { ok: false, message: ARTICLE_IMPORT_MESSAGES.noBody };
  if (title.length > ARTICLE_TITLE_MAX_LENGTH) return { ok: false, message: ARTICLE_IMPORT_MESSAGES.titleTooLong };
  if (body.length > ARTICLE_BODY_MAX_LENGTH) return { ok: false, message: ARTICLE_IMPORT_MESSAGES.bodyTooLong };
  return { ok: true, title, body };
}

/**
 * True when decoded bytes read as text: no NUL characters (every binary format has them early)
 * and no replacement characters (the bytes were not valid UTF-8).
 */
export function looksLikeText(text: string): boolean {
  return !text.includes('\u0000') && !text.includes('\uFFFD');
}
