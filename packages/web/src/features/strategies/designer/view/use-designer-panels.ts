import { useState } from 'react';
import { useViewportWidth } from '@/lib/use-viewport-width';

/** Widest screen (px) on which the designer's side panels become drawers: below antd's md breakpoint. */
export const DESIGNER_NARROW_MAX_WIDTH = 767;
const RESIZE_DEBOUNCE_MS = 150;

/** The designer's panels: where they go on this screen, and which are open or shown. */
export interface DesignerPanels {
  /** Narrower than 768 px: the stencil and the inspector are drawers opened from the toolbar. */
  narrow: boolean;
  stencilOpen: boolean;
  setStencilOpen: (open: boolean) => void;
  inspectorOpen: boolean;
  setInspectorOpen: (open: boolean) => void;
  /** The navigator (mini-map): shown unless hidden from the toolbar, and hidden at first on a narrow screen. */
  navigatorShown: boolean;
  setNavigatorShown: (shown: boolean) => void;
}

/** Holds the designer's panel state; the screen's width decides drawers and the navigator's default. */
export function useDesignerPanels(): DesignerPanels {
  const narrow = useViewportWidth(RESIZE_DEBOUNCE_MS) <= DESIGNER_NARROW_MAX_WIDTH;
  const [stencilOpen, setStencilOpen] = useState(false);
  const [inspectorOpen, setInspectorOpen] = useState(false);
  const [navigatorChoice, setNavigatorShown] = useState<boolean | null>(null);
  return {
    narrow,
    stencilOpen: narrow && stencilOpen,
    setStencilOpen,
    inspectorOpen: narrow && inspectorOpen,
    setInspectorOpen,
    navigatorShown: navigatorChoice ?? !narrow,
    setNavigatorShown,
  };
}
