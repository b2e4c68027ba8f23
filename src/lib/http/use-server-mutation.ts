import {
  useMutation,
  type DefaultError,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

/**
 * `useMutation` for every call that changes something on the server (eslint allows no other).
 *
 * A second submission while the first is still on its way is dropped, synchronously: a double
 * click or Enter pressed twice lands before TanStack's `isPending` reaches the button (its
 * observers notify on a later tick), so a check of `isPending` alone lets both through, and the
 * second is refused by the server ("You are already subscribed to this plan") while the first
 * succeeds unseen. The lock is released when the call settles, success or failure.
 * `mutateAsync` during a call answers with the call already running.
 */
export function useServerMutation<
  TData = unknown,
  TError = DefaultError,
  TVariables = void,
  TContext = unknown,
>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const running = useRef<Promise<TData> | null>(null);
  const mutation = useMutation<TData, TError, TVariables, TContext>({
    ...options,
    // TanStack calls onSettled before the mutation leaves its pending state: freeing the lock
    // here means a control that shows as usable again (isPending false) never drops a click.
    onSettled: (...args) => {
      running.current = null;
      return options.onSettled?.(...args);
    },
  });
  const { mutateAsync: send } = mutation;

  const mutateAsync = useCallback<typeof send>(
    (...args) => {
      if (running.current) return running.current;
      const call = send(...args).finally(() => {
        running.current = null;
      });
      running.current = call;
      return call;
    },
    [send],
  );
  const mutate = useCallback<UseMutationResult<TData, TError, TVariables, TContext>['mutate']>(
    (...args) => {
      if (running.current) return;
      // mutate() never rejects: the error is the mutation's state and its onError's.
      mutateAsync(...args).catch(() => undefined);
    },
    [mutateAsync],
  );
  return { ...mutation, mutate, mutateAsync };
}
