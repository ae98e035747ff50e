import { useMutation, type MutateOptions, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

/**
 * `useMutation` for what a person submits: while one request runs, further calls join it instead of
 * sending another (a double click places one order). The guard is a ref, set in the click itself:
 * `isPending`, which disables the button, reaches the screen only on the next render, after a
 * second click may already have come.
 */
export function useSubmitMutation<TData, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, Error, TVariables, TContext>,
): UseMutationResult<TData, Error, TVariables, TContext> {
  const mutation = useMutation(options);
  const running = useRef<Promise<TData> | null>(null);
  const { mutateAsync: send } = mutation;

  const mutateAsync = useCallback(
    (variables: TVariables, callOptions?: MutateOptions<TData, Error, TVariables, TContext>): Promise<TData> => {
      if (running.current) return running.current;
      const request = send(variables, callOptions).finally(() => {
        running.current = null;
      });
      running.current = request;
      return request;
    },
    [send],
  );
  const mutate = useCallback(
    (variables: TVariables, callOptions?: MutateOptions<TData, Error, TVariables, TContext>): void => {
      mutateAsync(variables, callOptions).catch(() => undefined);
    },
    [mutateAsync],
  );
  return { ...mutation, mutate, mutateAsync } as UseMutationResult<TData, Error, TVariables, TContext>;
}
