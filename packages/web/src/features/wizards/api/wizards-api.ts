import { useQuery } from '@tanstack/react-query';
import {
  WIZARD_MESSAGES, WizardDeleteResponseSchema, WizardListResponseSchema, WizardSummarySchema, type WizardAdd,
} from '@linkloom/shared';
import { del, get, post, put } from '@/lib/http';
import { toastFailed } from '@/lib/action-feedback';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { wizardKeys } from './wizard-keys';

/** Runs a call; on failure adds the spec's own failure toast (spec 2 §8) to the usual one, and rethrows. */
async function withFailure<T>(text: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    toastFailed(text);
    throw error;
  }
}

/** GET /rest/xwizards: the wizards and the strategies a new one can start from. */
export function useWizards() {
  return useQuery({
    queryKey: wizardKeys.list,
    queryFn: ({ signal }) => withFailure(WIZARD_MESSAGES.loadFailed, () => get('/rest/xwizards', { schema: WizardListResponseSchema, signal })),
  });
}

/** PUT /rest/xwizards {name, strategyId} ('New XWizard'). */
export function useAddWizard() {
  return useInvalidatingMutation(
    wizardKeys.list,
    (input: WizardAdd) => withFailure(WIZARD_MESSAGES.addFailed, () => put('/rest/xwizards', { body: input, schema: WizardSummarySchema })),
    'added new wizard',
  );
}

/** POST /rest/xwizard/rename {id, name}. */
export function useRenameWizard() {
  return useInvalidatingMutation(
    wizardKeys.all,
    (input: { id: number; name: string }) => withFailure(WIZARD_MESSAGES.renameFailed, () => post('/rest/xwizard/rename', { body: input, schema: WizardSummarySchema })),
    'renamed the wizard',
  );
}

/** POST /action/duplicate/xwizard/{id} {id, name}. */
export function useDuplicateWizard() {
  return useInvalidatingMutation(
    wizardKeys.list,
    (input: { id: number; name: string }) => withFailure(WIZARD_MESSAGES.duplicateFailed, () => post(`/action/duplicate/xwizard/${input.id}`, { body: input, schema: WizardSummarySchema })),
    'duplicated the wizard',
  );
}

/** DELETE /rest/xwizards [ids]. */
export function useDeleteWizards() {
  return useInvalidatingMutation(
    wizardKeys.list,
    (ids: number[]) => withFailure(WIZARD_MESSAGES.deleteFailed, () => del('/rest/xwizards', { body: ids, schema: WizardDeleteResponseSchema })),
    'deleted selected wizards',
  );
}
