import type { AppContext } from '../../app-context';

/**
 * Link health's verdict changes (issue 36), told after the check that made them is committed:
 * a published link became dead (two dead checks in a row, shared `targetHealth`) or came back.
 * Listeners (alerts) register once per process, at module load, and get the app's context with
 * each event, so one registration serves every app of the process (tests build several).
 */

/** A link became dead: the second MISSING/GONE check in a row of its current URL. */
export interface LinkDied {
  ownerId: number;
  urlItemId: number;
  /** The link set (url_lists.id) holding the link. */
  urlListId: number;
  url: string;
  reason: 'MISSING' | 'GONE';
  /** Epoch ms of the first check of the dead run (url_items.dead_since). */
  since: number;
  /** The HTTP status of the check that made it dead; null when the page did not answer. */
  httpStatus: number | null;
}

/** A dead link's check found it again (OK or NOFOLLOW). */
export interface LinkRevived {
  ownerId: number;
  urlItemId: number;
  urlListId: number;
  url: string;
  /** Epoch ms of the check that found it. */
  at: number;
  httpStatus: number | null;
}

export type LinkDiedListener = (ctx: AppContext, event: LinkDied) => void | Promise<void>;
export type LinkRevivedListener = (ctx: AppContext, event: LinkRevived) => void | Promise<void>;

const died: LinkDiedListener[] = [];
const revived: LinkRevivedListener[] = [];

function subscribe<L>(list: L[], listener: L): () => void {
  list.push(listener);
  return () => {
    const index = list.indexOf(listener);
    if (index >= 0) list.splice(index, 1);
  };
}

async function emit<E>(list: ((ctx: AppContext, event: E) => void | Promise<void>)[], ctx: AppContext, event: E, log: (error: unknown) => void): Promise<void> {
  for (const listener of [...list]) {
    try {
      await listener(ctx, event);
    } catch (error) {
      log(error);
    }
  }
}

/** Called after a link's dead verdict is committed. Returns a function that removes the listener. */
export function onLinkDied(listener: LinkDiedListener): () => void {
  return subscribe(died, listener);
}

/** Called after a dead link's revival is committed. Returns a function that removes the listener. */
export function onLinkRevived(listener: LinkRevivedListener): () => void {
  return subscribe(revived, listener);
}

/** Runs every onLinkDied listener in turn; one failing listener does not keep the others from running. */
export function emitLinkDied(ctx: AppContext, event: LinkDied, log: (error: unknown) => void = () => undefined): Promise<void> {
  return emit(died, ctx, event, log);
}

/** Runs every onLinkRevived listener in turn; one failing listener does not keep the others from running. */
export function emitLinkRevived(ctx: AppContext, event: LinkRevived, log: (error: unknown) => void = () => undefined): Promise<void> {
  return emit(revived, ctx, event, log);
}
