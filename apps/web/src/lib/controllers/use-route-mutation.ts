import {
  useMutation,
  useQueryClient,
  type QueryKey,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';
import type { RouteDef, RouteInput, RouteOutput } from '@lectern/contract';
import { apiCallWithHeaders, type ApiResult } from '../api-client';

/** What every route mutation resolves to: the envelope's `data` and its `message` (shown when `meta.serverMessage`). */
export interface RouteMutationResult<R extends RouteDef> {
  data: RouteOutput<R>;
  message: string | undefined;
}

type Hooks<R extends RouteDef, V> = Omit<
  UseMutationOptions<RouteMutationResult<R>, Error, V>,
  'mutationFn' | 'mutationKey'
>;

export interface RouteMutationOptions<R extends RouteDef, V> extends Hooks<R, V> {
  /** the queries read again after the call */
  invalidate?: readonly QueryKey[];
  /**
   * when they are read again: after a success only, or once it settles (the default), because a refusal
   * such as a stale version means the server's copy moved and the screen should see it
   */
  invalidateOn?: 'success' | 'settled';
  /** the message to show when the server's answer carries none (a catalogue sentence filled from the call) */
  fallbackMessage?: (data: RouteOutput<R>, variables: V) => string;
  /**
   * runs inside the call, with the response's headers, before the mutation resolves (a sign-in stores
   * its token here); a throw refuses the call
   */
  onResponse?: (result: ApiResult<R>, variables: V) => void | Promise<void>;
}

export interface RouteMutationMapped<R extends RouteDef, V> extends RouteMutationOptions<R, V> {
  /** the screen's own variables (an id, a row) as the route's input; it may wait (an encrypted code) */
  toInput: (variables: V) => RouteInput<R> | Promise<RouteInput<R>>;
}

/** a route chosen by the variables, such as POST for a new address and PUT for a correction */
type RouteOf<R extends RouteDef, V> = R | ((variables: V) => R);

// the client's rest-argument form makes the input optional only for routes that take none; here it is always given
const call = apiCallWithHeaders as <R extends RouteDef>(route: R, input: RouteInput<R>) => Promise<ApiResult<R>>;

/**
 * A mutation of one contract route: its variables are the route's typed input (params, query, body),
 * or whatever `toInput` turns into it, and it resolves to `{ data, message }`. The queries named in
 * `invalidate` are read again after it; `meta` switches the app's feedback (snackbars, spinner).
 * With `toInput`, annotate the variables of a callback that reads them (`onMutate`, `fallbackMessage`):
 * an unannotated one is typed as the route's input.
 */
// the mapped form first: TypeScript keeps the callbacks' parameter types from the first overload it tries
export function useRouteMutation<R extends RouteDef, V>(
  route: RouteOf<R, V>,
  options: RouteMutationMapped<R, V>,
): UseMutationResult<RouteMutationResult<R>, Error, V>;
export function useRouteMutation<R extends RouteDef>(
  route: R,
  options?: RouteMutationOptions<R, RouteInput<R>>,
): UseMutationResult<RouteMutationResult<R>, Error, RouteInput<R>>;
export function useRouteMutation<R extends RouteDef, V>(
  route: RouteOf<R, V>,
  options: Partial<RouteMutationMapped<R, V>> = {},
): UseMutationResult<RouteMutationResult<R>, Error, V> {
  const queryClient = useQueryClient();
  const {
    invalidate = [],
    invalidateOn = 'settled',
    toInput,
    fallbackMessage,
    onResponse,
    onSuccess,
    onSettled,
    ...rest
  } = options;
  const refresh = () => Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return useMutation<RouteMutationResult<R>, Error, V>({
    ...rest,
    mutationFn: async (variables) => {
      const target = typeof route === 'function' ? route(variables) : route;
      const input = toInput ? await toInput(variables) : (variables as RouteInput<R>);
      const result = await call(target, input);
      await onResponse?.(result, variables);
      return { data: result.data, message: result.message ?? fallbackMessage?.(result.data, variables) };
    },
    onSuccess: async (...args) => {
      if (invalidateOn === 'success') await refresh();
      await onSuccess?.(...args);
    },
    onSettled: async (...args) => {
      if (invalidateOn === 'settled') await refresh();
      await onSettled?.(...args);
    },
  });
}
