import { useRef } from 'react';
import { z } from 'zod';
import { WizardDeleteResponseSchema } from '@linkloom/shared';
import { useLiveTopic } from '@/lib/use-live-topic';

const WizardRefSchema = z.object({ id: z.number().int() });
const WizardRenamedSchema = z.object({ id: z.number().int(), name: z.string() });

/** What the editor does when its wizard changes in another window. */
export interface WizardLiveHandlers {
  renamed: (name: string) => void;
  deleted: () => void;
  /** Saved elsewhere: the editor reads the saved wizard and compares it with its own. */
  savedElsewhere: () => void;
  /**
   * The server confirmed the topic (on opening and after every reconnection): a rename, save or
   * delete made before then sent no message here, so the editor reads its wizard again.
   */
  resync: () => void;
}

/**
 * Follows the open wizard on the live `xwizards` topic (spec 2 §7): rename, delete and save of
 * this id made in another window. The editor's own saves publish `save` too; `ownSave()` is
 * called before each of them (and the function it returns if the save failed), and the `save`
 * message each one causes is not passed on. Each confirmation of the topic calls `resync`.
 */
export function useWizardLive(id: number | null, handlers: WizardLiveHandlers): { ownSave: () => () => void } {
  const ownSaves = useRef(0);
  useLiveTopic(id === null ? null : 'xwizards', (message) => {
    if (id === null) return;
    if (message.name === 'delete') {
      const parsed = WizardDeleteResponseSchema.safeParse(message.payload);
      if (parsed.success && parsed.data.ids.includes(id)) handlers.deleted();
      return;
    }
    if (message.name === 'rename') {
      const parsed = WizardRenamedSchema.safeParse(message.payload);
      if (parsed.success && parsed.data.id === id) handlers.renamed(parsed.data.name);
      return;
    }
    if (message.name === 'save') {
      const parsed = WizardRefSchema.safeParse(message.payload);
      if (!parsed.success || parsed.data.id !== id) return;
      if (ownSaves.current > 0) {
        ownSaves.current -= 1;
        return;
      }
      handlers.savedElsewhere();
    }
  }, () => {
    if (id !== null) handlers.resync();
  });
  return {
    ownSave: () => {
      ownSaves.current += 1;
      return () => void (ownSaves.current = Math.max(0, ownSaves.current - 1));
    },
  };
}

/** Key-order independent JSON of a value: two wizards with the same content give the same text. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner;
    const record = inner as Record<string, unknown>;
    return Object.fromEntries(Object.keys(record).sort().map((key) => [key, record[key]]));
  });
}
