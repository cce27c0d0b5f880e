/**
 * The one fetch wrapper for the Selvedge API (/api/v1.0), ordering §7 and §8 Generic handling.
 *
 * - every call sends `X-Request-Id`;
 * - every call except the public ones (login, update-password, app-config) sends the bearer token;
 * - a failed call throws an {@link ApiError} whose message follows ordering §8;
 * - a 401 on a call made with a token means the session expired: the session layer is told
 *   (alert 'Authentication expired. Please log in.' and logout) through {@link configureApiClient}.
 *
 * The session layer plugs itself in with `configureApiClient` so this module imports nothing from it.
 */
import { GENERIC_MESSAGES } from '@selvedge/shared';

/** Base path of every API call. */
export const API_BASE = '/api/v1.0';

/** One refused field of a failed answer: its path in the request and the sentence (decision 0058). */
export interface ApiErrorField {
  field: string;
  message: string;
}

/**
 * A failed API call: `status` is 0 when no response arrived at all. `fields` are the refused fields
 * the answer names (`field`, or each of `fields`), so a form can show each under its input.
 */
export class ApiError extends Error {
  readonly status: number;
  /** The parsed answer body, when there was one. */
  readonly body: unknown;
  /** True when the call failed because the session expired (401 with a token); already handled globally. */
  readonly sessionExpired: boolean;
  /** The refused fields the answer names (empty when it names none). */
  readonly fields: readonly ApiErrorField[];

  constructor(status: number, message: string, body?: unknown, sessionExpired = false) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.sessionExpired = sessionExpired;
    this.fields = fieldsOf(body, message);
  }
}

/** The refused fields of an error answer `{ message, field?, fields? }` (ARCHITECTURE.md Contract). */
function fieldsOf(body: unknown, message: string): ApiErrorField[] {
  if (!body || typeof body !== 'object') return [];
  const { field, fields } = body as { field?: unknown; fields?: unknown };
  const out: ApiErrorField[] = [];
  if (Array.isArray(fields))
    for (const f of fields as { field?: unknown; message?: unknown }[])
      if (typeof f?.field === 'string' && typeof f.message === 'string')
        out.push({ field: f.field, message: f.message });
  if (typeof field === 'string' && !out.some((f) => f.field === field)) out.unshift({ field, message });
  return out;
}

/** True for an {@link ApiError} with the given status. */
export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

export type QueryValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly (string | number | boolean)[];

/** Options of one API call. */
export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Query string values; null/undefined/'' are left out, arrays repeat the key. */
  query?: Record<string, QueryValue>;
  /** JSON body (serialised) or FormData (multipart, sent as is). */
  body?: unknown;
  /** Send the bearer token (default true). False for the public calls: login, update-password, app-config. */
  auth?: boolean;
  /** Treat a 401 on this call as an expired session (default true when a token was sent). */
  expireOn401?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

interface ClientHooks {
  /** The current access token, or null when signed out. */
  getToken: () => string | null;
  /** True when the current token's exp has passed (checked before sending, so no call goes out with it). */
  isTokenExpired: () => boolean;
  /** Called once per expired session (401 on a call with a token, or an expired token). */
  onSessionExpired: () => void;
}

let hooks: ClientHooks = {
  getToken: () => null,
  isTokenExpired: () => false,
  onSessionExpired: () => {},
};

/** Plugs the session layer into the client (called once at start-up by the session module). */
export function configureApiClient(next: ClientHooks): void {
  hooks = next;
}

/** A random id for `X-Request-Id`; falls back to getRandomValues where randomUUID is missing (plain http). */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Builds `/api/v1.0<path>?<query>`. */
export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path.startsWith('/') ? path : `/${path}`}${qs ? `?${qs}` : ''}`;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function expiredError(): ApiError {
  return new ApiError(401, GENERIC_MESSAGES.authExpired, undefined, true);
}

/** A failed answer's body: its JSON, else its text, else undefined. */
function bodyOf(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function readBody(response: Response): Promise<unknown> {
  return bodyOf(await response.text().catch(() => ''));
}

function messageOf(body: unknown): string | null {
  if (body && typeof body === 'object' && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message.trim()) return message;
  }
  return null;
}

/**
 * The headers every call sends: `X-Request-Id`, and the bearer token when `auth` is set and a user
 * is signed in. An expired token is never sent: the session layer is told and the call fails.
 */
function requestHeaders(auth: boolean): { headers: Record<string, string>; token: string | null } {
  const token = auth ? hooks.getToken() : null;
  if (token && hooks.isTokenExpired()) {
    hooks.onSessionExpired();
    throw expiredError();
  }
  return { headers: callHeaders(token), token };
}

/**
 * The headers of one call to the API: `Accept`, a new `X-Request-Id`, and the bearer token when one
 * is given. Shared by every call and the live-update stream (api/events.ts), which reads the token
 * itself and stops on a 401 instead of checking the expiry here.
 */
export function callHeaders(token: string | null, accept = 'application/json'): Record<string, string> {
  const headers: Record<string, string> = { Accept: accept, 'X-Request-Id': newRequestId() };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/**
 * The ApiError of a failed answer (ordering §8): a 401 on a call sent with a token expires the
 * session; otherwise the answer's `message`, else GENERIC_MESSAGES.networkError.
 */
function failure(status: number, answer: unknown, token: string | null, expireOn401 = true): ApiError {
  if (status === 401 && token && expireOn401) {
    hooks.onSessionExpired();
    return new ApiError(401, GENERIC_MESSAGES.authExpired, answer, true);
  }
  return new ApiError(status, messageOf(answer) ?? GENERIC_MESSAGES.networkError, answer);
}

/** Parses a successful answer's text as JSON (undefined when empty). */
function parseAnswer<T>(text: string, status: number): T {
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    // A 200 that is not JSON (e.g. the SPA's index.html when no API server answers).
    throw new ApiError(status, GENERIC_MESSAGES.networkError, text);
  }
}

/**
 * Sends one call and returns the successful Response (body unread). Throws ApiError on failure:
 * the answer's `message`, else GENERIC_MESSAGES.networkError when there was a response, else
 * GENERIC_MESSAGES.unexpectedError when fetch itself failed. Aborts are rethrown unchanged.
 */
export async function apiRequest(path: string, options: ApiRequestOptions = {}): Promise<Response> {
  const { method = 'GET', query, body, auth = true, signal } = options;
  const { headers, token } = requestHeaders(auth);
  let payload: BodyInit | undefined;
  if (body instanceof FormData || body instanceof Blob) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  Object.assign(headers, options.headers);

  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), { method, headers, body: payload, signal });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(0, GENERIC_MESSAGES.unexpectedError);
  }
  if (response.ok) return response;
  throw failure(response.status, await readBody(response), token, options.expireOn401);
}

/** Sends one call and parses the JSON answer (undefined for an empty answer, e.g. 204). */
export async function apiJson<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const response = await apiRequest(path, options);
  return parseAnswer<T>(await response.text(), response.status);
}

/** Options of {@link apiUpload}. */
export interface UploadOptions {
  method?: 'POST' | 'PUT';
  /** Called as the request body goes out, with the share sent so far (0 to 1). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Plain form fields sent before the file (a server that streams the file reads them first). */
  fields?: Record<string, string>;
}

/**
 * Uploads one file as multipart form data (field `field`) and parses the JSON answer — the one
 * upload function of the app (artwork, shipping and related documents; ordering §7). It uses
 * XMLHttpRequest because fetch reports no upload progress; headers (token, X-Request-Id) and
 * failures (ApiError, ordering §8) are those of every other call.
 */
export function apiUpload<T>(
  path: string,
  field: string,
  file: File,
  options: UploadOptions = {},
): Promise<T> {
  const { method = 'POST', onProgress, signal, fields = {} } = options;
  const { headers, token } = requestHeaders(true);
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(field, file, file.name);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, apiUrl(path));
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    // The bar shows from the start and is full once the body is sent (the server still works then).
    xhr.upload.onload = () => onProgress?.(1);
    onProgress?.(0);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(parseAnswer<T>(xhr.responseText, xhr.status));
        } catch (error) {
          reject(error);
        }
        return;
      }
      reject(failure(xhr.status, bodyOf(xhr.responseText), token));
    };
    xhr.onerror = () => reject(new ApiError(0, GENERIC_MESSAGES.unexpectedError));
    xhr.onabort = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

type BodylessOptions = Omit<ApiRequestOptions, 'method' | 'body'>;

/** Shorthands for JSON calls: `api.get<T>('/orders', { query })`, `api.post<T>('/orders', body)`. */
export const api = {
  get: <T>(path: string, options?: BodylessOptions) => apiJson<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiJson<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiJson<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiJson<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: BodylessOptions) => apiJson<T>(path, { ...options, method: 'DELETE' }),
};

/** A downloaded file: its bytes and the name given by the server's Content-Disposition. */
export interface Download {
  blob: Blob;
  filename: string;
}

/** Reads the file name of a Content-Disposition header (RFC 6266 `filename*` first, then `filename`). */
export function filenameFromContentDisposition(header: string | null, fallback = 'download'): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[2].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain form */
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = plain ? (plain[2] ?? plain[1]).trim() : '';
  return name || fallback;
}

/**
 * Downloads a binary answer (CSV, PDF, artwork, documents; ordering §7 Downloads) as a Blob with the
 * file name from Content-Disposition. Errors follow the same rules as every other call.
 */
export async function apiDownload(path: string, options: ApiRequestOptions = {}): Promise<Download> {
  const response = await apiRequest(path, {
    ...options,
    headers: { Accept: '*/*', ...options.headers },
  });
  const blob = await response.blob();
  const fallback = path.split('?')[0].split('/').filter(Boolean).pop() ?? 'download';
  return {
    blob,
    filename: filenameFromContentDisposition(response.headers.get('Content-Disposition'), fallback),
  };
}

/** Hands a downloaded file to the browser as a file save (an object URL on a temporary link). */
export function saveDownload({ blob, filename }: Download): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
