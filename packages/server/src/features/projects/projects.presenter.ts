import { ProjectScheduleSchema, type ProjectRow, type ProjectSchedule } from '@linkloom/shared';
import type { ProjectRecord } from './projects.repository';

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function presentLastError(text: string): string[] {
  const value = parseJson(text);
  return Array.isArray(value) ? value.map(String) : [];
}

function presentSchedule(text: string | null): ProjectSchedule | null {
  const parsed = ProjectScheduleSchema.safeParse(parseJson(text));
  return parsed.success ? parsed.data : null;
}

/** Row → one line of the Projects tab (lastError and schedule are stored as JSON text). */
export function presentProject(row: ProjectRecord): ProjectRow {
  return {
    id: row.id,
    campaignId: row.campaign_id,
    name: row.name,
    module: row.module,
    status: row.status,
    lastError: presentLastError(row.last_error),
    schedule: presentSchedule(row.schedule),
  };
}
