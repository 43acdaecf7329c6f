import type { FastifyRequest } from 'fastify';
import {
  DIAGRAM_IMPORT_MAX_FILES, DIAGRAM_MAX_JSON_CHARS, STRATEGY_MESSAGES, StrategyNameSchema, strategyNameOfFile, type StrategyImportResponse,
} from '@linkloom/shared';
import type { AppContext } from '../../app-context';
import { spoolUpload } from '../../platform/files/spool-upload';
import { Utf8TextCheck } from '../../platform/files/text-check';
import { HttpError } from '../../platform/http/errors';
import { inArchive, uploadedDocuments, type UploadedDocument } from '../content/uploaded-documents';
import { diagramProblemsMessage, previewOf, readDiagram } from './strategy-input';
import { insertStrategies, type NewStrategy } from './strategies.repository';
import { presentStrategySummary } from './strategies.presenter';

/** Past this many bytes a file cannot be a diagram within its character limit. */
const FILE_MAX_BYTES = 4 * DIAGRAM_MAX_JSON_CHARS;

/** A document's UTF-8 text; null when it is binary or larger than a diagram may be. */
async function textOf(document: UploadedDocument): Promise<{ text: string } | { problem: string }> {
  if (document.binary) return { problem: STRATEGY_MESSAGES.notDiagramFile };
  const check = new Utf8TextCheck();
  const chunks: Buffer[] = [];
  let bytes = 0;
  let tooLarge = false;
  try {
    for await (const chunk of document.stream) {
      const buffer = chunk as Buffer;
      bytes += buffer.length;
      if (bytes > FILE_MAX_BYTES) tooLarge = true; // read on: the archive's next entry starts after this one
      else chunks.push(buffer);
      check.push(buffer);
    }
  } catch (err) {
    throw inArchive(err, document.archive);
  }
  if (tooLarge) return { problem: STRATEGY_MESSAGES.strategyTooLong };
  if (!check.end()) return { problem: STRATEGY_MESSAGES.notDiagramFile };
  return { text: Buffer.concat(chunks).toString('utf8') };
}

/**
 * Imports diagram files: several JSON files and/or ZIPs of them (multipart field `file`). The
 * upload is spooled to disk first; each file is read and checked (JSON, shape, rules); the good
 * ones are stored together in one short transaction after all were read, each named after its
 * file; every refused file is listed with why. When none is good, 422 lists them all and nothing
 * is stored. An upload of more than DIAGRAM_IMPORT_MAX_FILES files (ZIP entries included) is
 * refused whole (422), as is each diagram past the caps of readDiagramText (size, nesting, cells).
 */
export async function importStrategies(ctx: AppContext, request: FastifyRequest, ownerId: number): Promise<StrategyImportResponse> {
  const upload = await spoolUpload(request);
  const good: NewStrategy[] = [];
  const errors: StrategyImportResponse['errors'] = [];
  try {
    let documents = 0;
    for await (const document of uploadedDocuments(upload, ctx.config.zipMaxExpandedMb * 1024 * 1024)) {
      documents += 1;
      // Counted as they come, so an archive of thousands is refused at the first one too many.
      if (documents > DIAGRAM_IMPORT_MAX_FILES) throw new HttpError(422, STRATEGY_MESSAGES.tooManyFiles);
      const read = await textOf(document);
      if ('problem' in read) {
        errors.push({ file: document.label, message: read.problem });
        continue;
      }
      const diagram = readDiagram(read.text);
      if (!diagram.ok) {
        errors.push({ file: document.label, message: diagramProblemsMessage(diagram.problems) });
        continue;
      }
      const name = StrategyNameSchema.safeParse(strategyNameOfFile(document.name).slice(0, 512));
      good.push({
        name: name.success ? name.data : strategyNameOfFile(''),
        description: '',
        diagram: diagram.text,
        img: previewOf(null, diagram.diagram),
      });
    }
  } finally {
    await upload.remove();
  }
  if (good.length === 0) {
    throw new HttpError(422, STRATEGY_MESSAGES.nothingImported, errors.map((e) => `${e.file}: ${e.message}`));
  }
  const imported = (await insertStrategies(ctx.database.db, ownerId, good)).map(presentStrategySummary);
  for (const strategy of imported) ctx.live?.publish(ownerId, 'strategies', 'add', strategy);
  return { imported, errors };
}
