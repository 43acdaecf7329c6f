import type { ScreenMap } from '@/lib/screen-map';

/** This feature's screens by route path (see app/screens.tsx). */
export const contentScreens: ScreenMap = {};
