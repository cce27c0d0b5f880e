/**
 * The one mechanism behind every button that changes something on the server (ordering §4 Order
 * actions, Item artwork, documents; §8 Progress overlays, Success messages): the call runs under
 * its overlay (with a progress bar when it uploads), its answer's `message` is the green success
 * message, a failure shows its red message, and a second click while a call of the same scope runs
 * is ignored (no doubled calls; buttons read `busy` to look disabled).
 *
 * `useOrderCommand` (orders.ts) and `useCartCommand` (cart.ts) put the answers where they belong.
 */
import { type QueryKey, useIsMutating, useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { showApiError, showError, showSuccess } from '../ui/messages';
import { withOverlay } from '../ui/overlay';
import { ApiError } from './client';

/** One call with its overlay text. */
export interface Command<T extends { message: string }> {
  /** Overlay text (OVERLAYS...). */
  overlay: string;
  /** Makes the call; an upload reports its progress (0 to 1) through `progress`. */
  call: (progress: (fraction: number) => void) => Promise<T>;
  /** Shown on failure instead of the server's message (ordering §8: field saves show the generic error). */
  failureMessage?: string;
}

/** What a screen gets: `run` a command (resolves to the answer, or null when it failed or was ignored). */
export interface CommandRunner<T extends { message: string }> {
  run: (command: Command<T>) => Promise<T | null>;
  /** True while a command of this scope runs (anywhere on screen). */
  busy: boolean;
}

/** Scopes with a command under way (module-wide, so every component of a screen shares it). */
const running = new Set<string>();

/**
 * Runs commands of one scope (`scope`: a query-key-like array, e.g. ['orders', 'command', 12]).
 * `onSuccess` receives each answer after its success message; `onConflict` runs after a 409 (the
 * state changed under the user: refetch).
 */
export function useCommand<T extends { message: string }>(
  scope: QueryKey,
  handlers: { onSuccess?: (answer: T) => unknown; onConflict?: () => unknown },
): CommandRunner<T> {
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const busy = useIsMutating({ mutationKey: scope }) > 0;
  const mutation = useMutation({
    mutationKey: scope,
    mutationFn: (command: Command<T>) =>
      withOverlay(command.overlay, (overlay) => command.call(overlay.setProgress)),
    // Failures are shown here (with the field-save exception), not by the global handler.
    meta: { silentError: true },
    onSuccess: async (answer) => {
      showSuccess(answer.message);
      await handlersRef.current.onSuccess?.(answer);
    },
    onError: (error, command) => {
      if (command.failureMessage && !(error instanceof ApiError && error.sessionExpired))
        showError(command.failureMessage);
      else showApiError(error);
      if (error instanceof ApiError && error.status === 409) void handlersRef.current.onConflict?.();
    },
  });
  const { mutateAsync } = mutation;
  const id = JSON.stringify(scope);

  const run = async (command: Command<T>): Promise<T | null> => {
    if (running.has(id)) return null;
    running.add(id);
    try {
      return await mutateAsync(command);
    } catch {
      return null; // already shown by onError
    } finally {
      running.delete(id);
    }
  };
  return { run, busy };
}
