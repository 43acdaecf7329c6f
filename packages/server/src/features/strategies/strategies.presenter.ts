import type { Strategy, StrategySummary } from '@linkloom/shared';
import { svgDataUrl } from '../../platform/html/sanitize';
import type { BuiltinStrategy } from './builtin-strategies';
import type { StrategyRowData, StrategySummaryData } from './strategies.repository';

/** A user's strategy as the lists show it; the preview travels as a data URL for <img>. */
export function presentStrategySummary(row: StrategySummaryData): StrategySummary {
  return { id: row.id, name: row.name, type: 'CUSTOM', img: row.img === null ? null : svgDataUrl(row.img) };
}

export function presentStrategy(row: StrategyRowData): Strategy {
  return { ...presentStrategySummary(row), description: row.description, strategy: row.diagram };
}

export function presentBuiltinSummary(builtin: BuiltinStrategy): StrategySummary {
  return { id: builtin.id, name: builtin.name, type: 'BUILTIN', img: svgDataUrl(builtin.svg) };
}

export function presentBuiltin(builtin: BuiltinStrategy): Strategy {
  return { ...presentBuiltinSummary(builtin), description: builtin.description, strategy: builtin.text };
}
