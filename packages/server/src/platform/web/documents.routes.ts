import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CHANGELOG_URL, HELP_URL } from '@linkloom/shared';
import { REPO_ROOT } from '../config';
import { documentPage, type DocumentLink } from './document-page';

/**
 * The user's documents as HTML pages served by the server (issue 11.1): the user guide
 * (docs/guide/, not the developers' README), the changelog, privacy and terms. Server pages
 * rather than in-app screens because the header's and footer's links open them in a new tab, they
 * must read signed out too (the sign-in page's footer), and the old paths (/help, …) keep working
 * as they are; the Markdown is our own trusted text, rendered once per process.
 */
const DOCUMENTS: readonly (DocumentLink & { file: string })[] = [
  { url: HELP_URL, file: 'docs/guide/index.md', label: 'User guide' },
  { url: CHANGELOG_URL, file: 'CHANGELOG.md', label: 'Changelog' },
  { url: '/privacy', file: 'docs/privacy.md', label: 'Privacy' },
  { url: '/terms', file: 'docs/terms.md', label: 'Terms' },
];

/** Where the guide's screenshots live (written by e2e/user-guide.e2e.ts) and are served from. */
export const GUIDE_IMAGES_DIR = path.join(REPO_ROOT, 'docs/guide/images');
const GUIDE_IMAGES_URL = `${HELP_URL}/images`;
const IMAGE_NAME = /^[a-z0-9][a-z0-9-]*\.png$/;

/** A heading's anchor, as the guide's table of contents links it (`## 2. Add sites` → `2-add-sites`). */
function slug(text: string): string {
  return text.toLowerCase().replace(/<[^>]*>/g, '').replace(/[^a-z0-9 -]/g, '').trim().replace(/\s+/g, '-');
}

/**
 * The Markdown renderer, made on the first document asked for: marked and its rules are a chunk of
 * the server's build loaded then, not at every start (issue 40 item 4).
 */
let markdown: Promise<(text: string) => string> | undefined;
function markdownRenderer(): Promise<(text: string) => string> {
  markdown ??= import('marked').then(({ Marked }) => {
    const marked = new Marked({ gfm: true, async: false });
    marked.use({
      renderer: {
        heading({ tokens, depth, text }) {
          return `<h${depth} id="${slug(text)}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
        },
      },
    });
    return (text: string) => marked.parse(text, { async: false });
  });
  markdown.catch(() => {
    markdown = undefined;
  });
  return markdown;
}

async function renderDocument(document: (typeof DOCUMENTS)[number]): Promise<string> {
  const [text, render] = await Promise.all([fs.readFile(path.join(REPO_ROOT, document.file), 'utf8'), markdownRenderer()]);
  const body = render(text);
  const title = /^#\s+(.+)$/m.exec(text)?.[1]?.trim() ?? document.label;
  return documentPage({ title, body, current: document.url, links: DOCUMENTS });
}

export function registerDocuments(app: FastifyInstance): void {
  const rendered = new Map<string, Promise<string>>();
  for (const document of DOCUMENTS) {
    app.get(document.url, { config: { public: true, servesPage: true }, schema: { hide: true } }, async (_request, reply) => {
      let page = rendered.get(document.url);
      if (!page) {
        page = renderDocument(document);
        rendered.set(document.url, page);
        page.catch(() => rendered.delete(document.url));
      }
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(await page);
    });
  }

  app.get<{ Params: { name: string } }>(`${GUIDE_IMAGES_URL}/:name`, { config: { public: true, servesPage: true }, schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params;
    if (!IMAGE_NAME.test(name)) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    try {
      const image = await fs.readFile(path.join(GUIDE_IMAGES_DIR, name));
      return reply.type('image/png').header('cache-control', 'no-cache').send(image);
    } catch {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
  });
}
