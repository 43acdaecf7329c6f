/** A node kind's defaults (one file per kind folder); the Premium variant shares its base kind's. */
export interface KindDefaults {
  /** Kind without the Premium prefix, e.g. 'Wiki'. */
  baseKind: string;
  /** Fill of the node's band and its stencil swatch (shared DIAGRAM_KIND_COLOURS, as in previews). */
  colour: string;
  /** Width of a node dropped from the stencil (at least the 90 px minimum). */
  width: number;
}
