/** A list row the project screen sends: link set, content group, profile or network. */
export interface NamedCount {
  id: number;
  name: string;
  count: number;
}

/** Select options of named rows with their size, e.g. "Money links (120)". */
export function namedCountOptions(rows: readonly NamedCount[]): { value: number; label: string }[] {
  return rows.map((row) => ({ value: row.id, label: `${row.name} (${row.count})` }));
}

/** Select or radio options of a shared `[value, label]` list. */
export function pairOptions<V extends string>(pairs: readonly (readonly [V, string])[]): { value: V; label: string }[] {
  return pairs.map(([value, label]) => ({ value, label }));
}

/** The DOM id of a project form control whose label sits on an outer Form.Item (control plus button). */
export function controlId(field: string): string {
  return `project-form-${field}`;
}
