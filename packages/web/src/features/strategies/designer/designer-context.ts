import { createContext, useContext } from 'react';

/** What node components may ask of the designer (a Project node's module toggle). */
export interface DesignerActions {
  viewOnly: boolean;
  toggleModule: (nodeId: string, moduleId: string) => void;
}

export const DesignerActionsContext = createContext<DesignerActions>({ viewOnly: true, toggleModule: () => undefined });

export function useDesignerActions(): DesignerActions {
  return useContext(DesignerActionsContext);
}
