import { useQuery } from '@tanstack/react-query';
import {
  WIZARD_MESSAGES, WizardDeleteResponseSchema, WizardListResponseSchema, WizardSummarySchema,
} from '@linkloom/shared';
import { del, get, post } from '@/lib/http';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { wizardKeys } from './wizard-keys';

/** GET /rest/xwizards: the wizards and the strategies a new one can start from. */
export function useWizards() {
  return useQuery({
    queryKey: wizardKeys.list,
    queryFn: ({ signal }) => get('/rest/xwizards', { schema: WizardListResponseSchema, signal, failure: WIZARD_MESSAGES.loadFailed }),
  });
}

/** POST /rest/xwizard/rename {id, name}. */
export function useRenameWizard() {
  return useInvalidatingMutation(
    wizardKeys.all,
    (input: { id: number; name: string }) => post('/rest/xwizard/rename', { body: input, schema: WizardSummarySchema, failure: WIZARD_MESSAGES.renameFailed }),
    'renamed the wizard',
  );
}

/** POST /action/duplicate/xwizard/{id} {id, name}. */
export function useDuplicateWizard() {
  return useInvalidatingMutation(
    wizardKeys.list,
    (input: { id: number; name: string }) => post(`/action/duplicate/xwizard/${input.id}`, { body: input, schema: WizardSummarySchema, failure: WIZARD_MESSAGES.duplicateFailed }),
    'duplicated the wizard',
  );
}

/** DELETE /rest/xwizards [ids]. */
export function useDeleteWizards() {
  return useInvalidatingMutation(
    wizardKeys.list,
    (ids: number[]) => del('/rest/xwizards', { body: ids, schema: WizardDeleteResponseSchema, failure: WIZARD_MESSAGES.deleteFailed }),
    'deleted selected wizards',
  );
}
