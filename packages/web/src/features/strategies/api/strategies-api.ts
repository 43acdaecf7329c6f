import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  StrategyListResponseSchema, StrategyResponseSchema, StrategySummarySchema, strategyFileName, type StrategyUpdate,
} from '@linkloom/shared';
import { get, post, put } from '@/lib/http';
import { downloadFile } from '@/lib/download';
import { DONE_TEXTS } from '@/lib/action-feedback';
import { useInvalidatingMutation } from '@/lib/use-invalidating-mutation';
import { strategyKeys } from './strategy-keys';

const THING = 'Diagram';

/**
 * The part of GET /rest/campaigns_with_profiles the inspector reads: profile names. Read leniently
 * (other fields pass) so this screen does not pull the campaign schemas into its chunk.
 */
const ProfileNamesAnswerSchema = z.object({ profiles: z.array(z.object({ name: z.string() })) });

/** GET /rest/strategies: the user's diagrams and the built-in ones. */
export function useStrategies() {
  return useQuery({
    queryKey: strategyKeys.list,
    queryFn: ({ signal }) => get('/rest/strategies', { schema: StrategyListResponseSchema, signal }),
    select: (answer) => answer.strategies,
  });
}

/** GET /rest/strategies/{id}: one diagram with its JSON text and description. */
export function useStrategy(id: number) {
  return useQuery({
    queryKey: strategyKeys.strategy(id),
    queryFn: ({ signal }) => get(`/rest/strategies/${id}`, { schema: StrategyResponseSchema, signal }),
    select: (answer) => answer.strategy,
    // The designer holds edits of its own: a refetch must not replace them under the user.
    refetchOnWindowFocus: false,
  });
}

/** The names of the user's account profiles (GET /rest/campaigns_with_profiles), for the inspector. */
export function useProfileNames() {
  return useQuery({
    queryKey: strategyKeys.profileNames,
    queryFn: ({ signal }) => get('/rest/campaigns_with_profiles', { schema: ProfileNamesAnswerSchema, signal }),
    select: (answer) => [...new Set(answer.profiles.map((profile) => profile.name))].sort((a, b) => a.localeCompare(b)),
    staleTime: 60_000,
  });
}

/** POST /rest/strategies {name}: a new diagram holding the default Money Site. */
export function useCreateStrategy() {
  return useInvalidatingMutation(
    strategyKeys.all,
    (name: string) => post('/rest/strategies', { body: { name }, schema: StrategySummarySchema }),
    (_output, name) => DONE_TEXTS.created(THING, name),
  );
}

/** PUT /rest/strategies/{id} with null strategy and description: a rename that keeps them. */
export function useRenameStrategy() {
  return useInvalidatingMutation(
    strategyKeys.all,
    (input: { id: number; name: string }) => put(`/rest/strategies/${input.id}`, { body: { id: input.id, name: input.name, strategy: null, description: null, img: null } }),
    (_output, input) => DONE_TEXTS.renamed(THING, input.name),
  );
}

/** PUT /rest/strategies/{id}: the designer's save (diagram, description, preview SVG). */
export function useSaveStrategy(id: number) {
  return useInvalidatingMutation(
    strategyKeys.all,
    (body: StrategyUpdate) => put(`/rest/strategies/${id}`, { body: { ...body, id } }),
    DONE_TEXTS.saved(THING),
  );
}

/** POST /action/duplicate/strategy {id, name}: Clone (built-in diagrams too). */
export function useCloneStrategy() {
  return useInvalidatingMutation(
    strategyKeys.all,
    (input: { id: number; name: string }) => post('/action/duplicate/strategy', { body: input }),
    (_output, input) => DONE_TEXTS.duplicated(THING, input.name),
  );
}

/** POST /rest/delete/strategies {ids}. */
export function useDeleteStrategies() {
  return useInvalidatingMutation(
    strategyKeys.all,
    (ids: number[]) => post('/rest/delete/strategies', { body: { ids } }),
    (_output, ids) => DONE_TEXTS.deleted(ids.length, { one: 'diagram', many: 'diagrams' }),
  );
}

/** GET /action/export/strategies/{id}: saves the diagram's JSON file (custom diagrams only). */
export function downloadStrategy(strategy: { id: number; name: string }): Promise<string> {
  return downloadFile({ url: `/action/export/strategies/${strategy.id}`, fallbackName: strategyFileName(strategy.name) });
}
