import { type UseMutationOptions, queryOptions, useMutation } from '@tanstack/react-query';
import { type RouteResponse } from '@core-vault/contracts';
import { type AnyRoute, type CallInput, api } from '../api/client';

type QueryInput<R extends AnyRoute> = Pick<CallInput<R>, 'params' | 'query'>;

/**
 * Cache key of one gateway call: the route's contract id, then its path parameters and query.
 * Invalidating `[route.id]` reloads every cached answer of that route.
 */
export const apiKey = <R extends AnyRoute>(route: R, input: QueryInput<R> = {}) =>
  [route.id, input.params ?? {}, input.query ?? {}] as const;

/**
 * Query options for a read: key from the contract, the answer parsed by the route's response
 * schema (through the one API client), aborted when no component wants it any more.
 */
export function apiQuery<R extends AnyRoute>(route: R, input: QueryInput<R> = {}) {
  return queryOptions<RouteResponse<R>>({
    queryKey: apiKey(route, input),
    queryFn: ({ signal }) => api.call(route, { ...input, signal }),
  });
}

/** A write through the API client; `variables` are the call's params and body. */
export function useApiMutation<R extends AnyRoute>(
  route: R,
  options: Omit<UseMutationOptions<RouteResponse<R>, Error, CallInput<R>>, 'mutationFn'> = {},
) {
  return useMutation<RouteResponse<R>, Error, CallInput<R>>({
    mutationFn: (input) => api.call(route, input),
    ...options,
  });
}
