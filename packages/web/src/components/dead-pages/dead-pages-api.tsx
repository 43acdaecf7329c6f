import { useCallback } from 'react';
import { App } from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  DEAD_PAGE_MESSAGES, DeadPagesResponseSchema, RepointResponseSchema, RepublishResponseSchema, REPUBLISH_REFUSALS, type RepointRequest,
} from '@linkloom/shared';
import { get, post } from '@/lib/http';
import { toastDone, toastFailure, toastProblems } from '@/lib/action-feedback';
import { DIALOG_LABELS } from '../dialog-labels';

/** What a failed request says (the server's reason follows). */
export const REPOINT_FAILED = 'Failed to re-point the posts';
export const REPUBLISH_FAILED = 'Failed to re-publish the page';

export const deadPageKeys = {
  of: (campaignId: number) => ['link-report', `campaign/${campaignId}`, 'dead-pages'] as const,
};

/** GET /rest/campaign/{id}/dead-pages, read while the drawer is open. */
export function useDeadPages(campaignId: number, enabled: boolean) {
  return useQuery({
    queryKey: deadPageKeys.of(campaignId),
    queryFn: ({ signal }) => get(`/rest/campaign/${campaignId}/dead-pages`, { schema: DeadPagesResponseSchema, signal }),
    enabled,
  });
}

/** Asks first, in the modal the app's confirmations use; true when the user agreed. */
function useAsk(): (title: string, text: string, okText: string, testId: string) => Promise<boolean> {
  const { modal } = App.useApp();
  return useCallback((title, text, okText, testId) => new Promise<boolean>((resolve) => {
    modal.confirm({
      title,
      content: <span data-testid={`${testId}-text`}>{text}</span>,
      okText,
      cancelText: DIALOG_LABELS.cancel,
      okButtonProps: { 'data-testid': `${testId}-ok` },
      cancelButtonProps: { 'data-testid': `${testId}-cancel` },
      focusable: { autoFocusButton: 'cancel' },
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  }), [modal]);
}

/**
 * Re-point (issue 36 item 3): asks, then POST /action/repoint, and says what will happen in a toast
 * ("2 posts will be edited on their sites…"); the edits land in the projects' run logs and the
 * screens refresh as they do. False when the user said no or it failed.
 */
export function useRepoint(): (scope: RepointRequest, posts: number, tier: number | null) => Promise<boolean> {
  const ask = useAsk();
  return useCallback(async (scope, posts, tier) => {
    if (!(await ask('Re-point the posts?', DEAD_PAGE_MESSAGES.repointConfirm(posts, tier), 'Re-point', 'repoint-confirm'))) return false;
    try {
      const answer = await post('/action/repoint', { body: scope, schema: RepointResponseSchema });
      if (answer.posts === 0) toastProblems([answer.message]);
      else toastDone(answer.message);
      return true;
    } catch (error) {
      toastFailure(REPOINT_FAILED, error);
      return false;
    }
  }, [ask]);
}

/** Re-publish a dead page once: asks, then POST /action/republish; a refusal is said with its reason. */
export function useRepublish(): (urlItemId: number) => Promise<boolean> {
  const ask = useAsk();
  return useCallback(async (urlItemId) => {
    if (!(await ask('Re-publish the dead page?', DEAD_PAGE_MESSAGES.republishConfirm, 'Re-publish', 'republish-confirm'))) return false;
    try {
      const answer = await post('/action/republish', { body: { urlItemIds: [urlItemId] }, schema: RepublishResponseSchema });
      if (answer.queued > 0) toastDone(answer.message);
      else toastProblems([answer.message, ...answer.refused.map((refusal) => REPUBLISH_REFUSALS[refusal.why])]);
      return answer.queued > 0;
    } catch (error) {
      toastFailure(REPUBLISH_FAILED, error);
      return false;
    }
  }, [ask]);
}
