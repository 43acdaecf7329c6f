import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CHANGELOG_URL, HELP_URL } from '@linkloom/shared';
import { REPO_ROOT } from '../config';

/** The footer's and menu's documents, served from the repository so no link is dead. */
const DOCUMENTS: Record<string, string> = {
  [HELP_URL]: 'README.md',
  [CHANGELOG_URL]: 'CHANGELOG.md',
  '/privacy': 'docs/privacy.md',
  '/terms': 'docs/terms.md',
};

export function registerDocuments(app: FastifyInstance): void {
  for (const [url, file] of Object.entries(DOCUMENTS)) {
    app.get(url, { config: { public: true }, schema: { hide: true } }, async (_request, reply) => {
      const text = await fs.readFile(path.join(REPO_ROOT, file), 'utf8');
      return reply.type('text/plain; charset=utf-8').send(text);
    });
  }
}
