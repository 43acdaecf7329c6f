import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toastDone } from './action-feedback';

/** What a mutation says when it succeeds (lib/action-feedback's rule), from its answer and input. */
export type DoneText<TInput, TOutput> = string | ((output: TOutput, input: TInput) => string);

/** The success toast of a mutation, once its queries are fresh (so the screen already shows it). */
export function doneToast<TInput, TOutput>(done: DoneText<TInput, TOutput> | undefined, output: TOutput, input: TInput): void {
  if (done === undefined) return;
  toastDone(typeof done === 'string' ? done : done(output, input));
}

/**
 * A mutation that, once it succeeds, invalidates every query under `queryKey` (and waits for that
 * before `mutateAsync` resolves), then shows its success toast when `done` is given: the house
 * rules "each mutation invalidates its queries" and "every act says what it did", written once.
 */
export function useInvalidatingMutation<TInput, TOutput>(
  queryKey: QueryKey,
  mutationFn: (input: TInput) => Promise<TOutput>,
  done?: DoneText<TInput, TOutput>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (output, input) => {
      await queryClient.invalidateQueries({ queryKey });
      doneToast(done, output, input);
    },
  });
}
