import fs from 'node:fs';
import type { FastifyRequest } from 'fastify';
import {
  CUSTOM_SITE_IMPORT_MAX, CUSTOM_SITE_MESSAGES, customSiteIdentity, formatLineError, listLineErrors, parseCustomSiteLine, parseCustomSiteList,
  type CustomSiteFields, type CustomSiteImportResult, type CustomSiteModule,
} from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { spoolUpload } from '../../platform/files/spool-upload';
import { readLineBatches } from '../../platform/files/lines';
import { HttpError } from '../../platform/http/errors';
import { upsertCustomSites } from './custom-sites.repository';

/**
 * Writes the sites in one short transaction (nothing was read from the network inside it), then
 * tells the screens which ids were added or updated.
 */
async function writeSites(ctx: AppContext, ownerId: number, sites: readonly CustomSiteFields[]): Promise<number> {
  if (sites.length === 0) return 0;
  const ids = await ctx.database.db.transaction().execute((trx) => upsertCustomSites(trx, ownerId, sites));
  ctx.live?.publish(ownerId, 'custom_sites', 'sitesInserted', { ids });
  return ids.length;
}

/**
 * Pasted lines (POST /action/import/custom_sites with a module, /action/import/all_custom_sites
 * without: each line names its module). Valid lines are added or updated by module + URL; each
 * refused line comes back as 'Line N: reason'; a later line of the same site wins.
 */
export async function importCustomSiteText(
  ctx: AppContext, ownerId: number, text: string, module: CustomSiteModule | null,
): Promise<CustomSiteImportResult> {
  const { sites, errors } = parseCustomSiteList(text, module);
  if (sites.length > CUSTOM_SITE_IMPORT_MAX) throw new HttpError(422, CUSTOM_SITE_MESSAGES.siteListTooLong);
  const imported = await writeSites(ctx, ownerId, sites);
  return { errorList: listLineErrors(errors), imported };
}

/**
 * Text files of sites (multipart field `file`, repeatable): the upload is spooled to disk first,
 * then each file is read line by line; the sites are written together after every file was read.
 * Refused lines are listed as 'file, line N: reason'. A binary file is refused whole.
 */
export async function importCustomSiteFiles(
  ctx: AppContext, request: FastifyRequest, ownerId: number, module: CustomSiteModule | null,
): Promise<CustomSiteImportResult> {
  const upload = await spoolUpload(request);
  const byIdentity = new Map<string, CustomSiteFields>();
  const errors: string[] = [];
  try {
    for (const file of upload.files) {
      if (!file.isText) {
        errors.push(`${file.filename}: ${CUSTOM_SITE_MESSAGES.notText}`);
        continue;
      }
      for await (const { firstNumber, lines } of readLineBatches(fs.createReadStream(file.path))) {
        lines.forEach((line, index) => {
          if (line.trim() === '') return;
          const parsed = parseCustomSiteLine(line, module);
          if ('reason' in parsed) errors.push(`${file.filename}, ${formatLineError({ line: firstNumber + index, reason: parsed.reason }, 'line')}`);
          else byIdentity.set(customSiteIdentity(parsed.site), parsed.site);
        });
        if (byIdentity.size > CUSTOM_SITE_IMPORT_MAX) throw new HttpError(422, CUSTOM_SITE_MESSAGES.siteListTooLong);
      }
    }
  } finally {
    await upload.remove();
  }
  const imported = await writeSites(ctx, ownerId, [...byIdentity.values()]);
  return { errorList: listLineErrors(errors), imported };
}
