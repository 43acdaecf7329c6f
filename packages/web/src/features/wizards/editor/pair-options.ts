/** Select and radio options of a shared `[value, label]` list (project-options constants). */
export function pairOptions<V extends string>(pairs: readonly (readonly [V, string])[]): { value: V; label: string }[] {
  return pairs.map(([value, label]) => ({ value, label }));
}
