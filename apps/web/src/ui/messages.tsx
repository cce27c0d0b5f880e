/**
 * The message service (ordering §8 Generic handling): errors are red and stay until clicked; successes
 * are green and clear after LIMITS.messageDisplayMs. Built on Mantine notifications, so every screen
 * shows messages the same way. Import these instead of calling `notifications.show` directly.
 */
import { notifications } from '@mantine/notifications';
import { GENERIC_MESSAGES, LIMITS } from '@selvedge/shared';
import { ApiError } from '../api/client';

/** Options of one message. */
export interface MessageOptions {
  /** Keep the message until clicked (default: true for errors, false for successes). */
  retain?: boolean;
  title?: string;
}

function show(kind: 'error' | 'success' | 'info', message: string, options: MessageOptions = {}): string {
  const retain = options.retain ?? kind === 'error';
  const id = `msg-${kind}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
  notifications.show({
    id,
    message,
    title: options.title,
    color: kind === 'error' ? 'red' : kind === 'success' ? 'green' : 'blue',
    // Bottom right, where no heading, filter or 'Back to…' button sits (decision 0016 Papercuts).
    position: 'bottom-right',
    autoClose: retain ? false : LIMITS.messageDisplayMs,
    withCloseButton: true,
    role: kind === 'error' ? 'alert' : 'status',
    'data-testid': `message-${kind}`,
    style: { cursor: 'pointer' },
    onClick: () => notifications.hide(id),
  });
  return id;
}

/** Shows a red error message, retained until the user clicks it. Returns its id. */
export function showError(message: string, options?: MessageOptions): string {
  return show('error', message, options);
}

/** Shows a green success message that clears itself after 4 seconds. Returns its id. */
export function showSuccess(message: string, options?: MessageOptions): string {
  return show('success', message, options);
}

/** Shows a neutral (blue) message that clears itself after 4 seconds. Returns its id. */
export function showInfo(message: string, options?: MessageOptions): string {
  return show('info', message, options);
}

/** The text ordering §8 shows for a failed call: the ApiError's message, else the generic one. */
export function errorMessageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return GENERIC_MESSAGES.unexpectedError;
}

/**
 * Shows a failed call as a red message. Skips calls that failed because the session expired
 * (the 'Authentication expired' alert already says so) and aborted calls.
 */
export function showApiError(error: unknown): void {
  if (error instanceof ApiError && error.sessionExpired) return;
  if (error instanceof DOMException && error.name === 'AbortError') return;
  showError(errorMessageOf(error));
}

/** Removes one message (a refusal the user has since put right). */
export function hideMessage(id: string): void {
  notifications.hide(id);
}

/**
 * Where a failed call's refusal goes on a form (decision 0058): the message of each field the answer
 * names (`field`, `fields`), keyed by the form input it belongs to (the path's first step:
 * 'priceTiers.1.quantity' → 'priceTiers'), for the inputs `formFields` has. Null when the answer
 * names none of them: show it as a red message then (showApiError).
 */
export function apiFieldErrors(error: unknown, formFields: Iterable<string>): Record<string, string> | null {
  if (!(error instanceof ApiError) || error.sessionExpired) return null;
  const known = new Set(formFields);
  const out: Record<string, string> = {};
  for (const { field, message } of error.fields) {
    const input = field.split('.')[0] ?? field;
    if (known.has(input) && !out[input]) out[input] = message;
  }
  return Object.keys(out).length > 0 ? out : null;
}

/** Removes every message on screen (used on logout). */
export function clearMessages(): void {
  notifications.clean();
}
