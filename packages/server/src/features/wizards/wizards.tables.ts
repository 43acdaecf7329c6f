import type { Generated } from 'kysely';

/** A saved wizard (migration 0026). */
export interface XwizardsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  /** The strategy it was made from: a built-in id (below 101) or one of the owner's. */
  strategy_id: number | null;
  /** The wizard (shared WizardSchema) as JSON text. */
  wizard: string;
  created_at: number;
  updated_at: number;
}

export interface WizardTables {
  xwizards: XwizardsTable;
}
