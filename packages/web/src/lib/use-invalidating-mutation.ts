import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A mutation that, once it succeeds, invalidates every query under `queryKey` (and waits for that
 * before `mutateAsync` resolves): the house rule "each mutation invalidates its queries", written once.
 */
export function useInvalidatingMutation<TInput, TOutput>(queryKey: QueryKey, mutationFn: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey }) });
}
