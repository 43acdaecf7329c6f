import { createContext, useContext } from 'react';

/** What node and edge components may ask of the designer (a module toggle, a link swap). */
export interface DesignerActions {
  viewOnly: boolean;
  /** A big diagram zoomed out below view/zoom.ts COMPACT_BELOW (drawsCompact): nodes draw as boxes only. */
  compact: boolean;
  toggleModule: (nodeId: string, moduleId: string) => void;
  /** The halo's link action: the link's source and target swap. */
  swapLink: (edgeId: string) => void;
}

export const DesignerActionsContext = createContext<DesignerActions>({ viewOnly: true, compact: false, toggleModule: () => undefined, swapLink: () => undefined });

export function useDesignerActions(): DesignerActions {
  return useContext(DesignerActionsContext);
}
