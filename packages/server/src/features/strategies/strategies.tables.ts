import type { Generated } from 'kysely';

/** A user's strategy diagram (migration 0017); built-in ones live in code (builtin-strategies.ts). */
export interface StrategiesTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  /** Sanitised HTML of the Description tab. */
  description: Generated<string>;
  /** The diagram's JSON text: { "cells": [...] }, as the designer (or the original tool) wrote it. */
  diagram: string;
  /** Sanitised SVG text of the preview, or null (then one is drawn from the diagram). */
  img: string | null;
  created_at: number;
  updated_at: number;
}

export interface StrategyTables {
  strategies: StrategiesTable;
}
