import type { ReactNode } from 'react';

/** A feature's screens: route path of shared SCREEN_ROUTES → the element that renders it. */
export type ScreenMap = Readonly<Record<string, ReactNode>>;
