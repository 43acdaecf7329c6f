import { createHash } from 'node:crypto';
import { strategyPreviewPath, type Strategy, type StrategySummary } from '@linkloom/shared';
import type { BuiltinStrategy } from './builtin-strategies';
import type { StrategyRowData, StrategySummaryData } from './strategies.repository';

/** A user's strategy as the lists show it; the preview by its address (GET /rest/strategies/{id}/preview). */
export function presentStrategySummary(row: StrategySummaryData): StrategySummary {
  return { id: row.id, name: row.name, type: 'CUSTOM', img: row.previewVersion === null ? null : strategyPreviewPath(row.id, row.previewVersion) };
}

/** One strategy (GET /rest/strategies/{id}): the preview as SVG text in `img` (spec 2 §3), its address in `previewUrl`. */
export function presentStrategy(row: StrategyRowData): Strategy {
  const summary = presentStrategySummary({ id: row.id, name: row.name, previewVersion: row.img === null ? null : Number(row.updated_at) });
  return { ...summary, img: row.img, previewUrl: summary.img, description: row.description, strategy: row.diagram };
}

const builtinVersions = new Map<string, string>();

/** A built-in preview's version: its picture's hash (it changes only with the code). */
export function builtinPreviewVersion(builtin: BuiltinStrategy): string {
  let version = builtinVersions.get(builtin.svg);
  if (version === undefined) {
    version = createHash('sha256').update(builtin.svg).digest('base64url').slice(0, 16);
    builtinVersions.set(builtin.svg, version);
  }
  return version;
}

export function presentBuiltinSummary(builtin: BuiltinStrategy): StrategySummary {
  return { id: builtin.id, name: builtin.name, type: 'BUILTIN', img: strategyPreviewPath(builtin.id, builtinPreviewVersion(builtin)) };
}

export function presentBuiltin(builtin: BuiltinStrategy): Strategy {
  const summary = presentBuiltinSummary(builtin);
  return { ...summary, img: builtin.svg, previewUrl: summary.img, description: builtin.description, strategy: builtin.text };
}
