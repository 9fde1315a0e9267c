import { ApiError } from './api-error';
import { clearSession, getSession, storedToken } from './session';

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler | null = null;
/** A session ended before the app listened (the school's lookup before the first render): told once it does. */
let endedUnheard = false;

/** The app decides what an expired session means (spec 1 §4: log out); set by the layout once it renders. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  onUnauthorized = handler;
  if (endedUnheard) {
    endedUnheard = false;
    handler();
  }
}

/** The stored session is over (a 401, or the own profile gone): forget it now, and let the app say so. */
function endSession() {
  const held = getSession() !== null;
  clearSession();
  if (!held) return;
  if (onUnauthorized) onUnauthorized();
  else endedUnheard = true;
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Leave a 401 to the caller instead of logging out (the token visit has its own message). */
  handleUnauthorized?: boolean;
  /** The signed-in user's own profile: a 404 means the account is gone, and ends the session as a 401 does (spec 1 §4). */
  ownProfile?: boolean;
  signal?: AbortSignal;
  /** Let the request finish after the page is gone (a last save when the student leaves). */
  keepalive?: boolean;
  /** Headers a call needs besides the usual ones (a payment's Idempotency-Key). */
  headers?: Record<string, string>;
}

/** The one API client: JSON (or a FormData upload) in, JSON out, the stored token in the Authorization header. */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const response = await send(path, options);
  return (await response.json().catch(() => null)) as T;
}

/**
 * A file the API answers (a PDF to keep). The token travels in a header, never in a cookie, so a plain link
 * cannot fetch it: the page asks for it here and saves the blob itself.
 */
export async function apiFile(path: string, options: ApiOptions = {}): Promise<Blob> {
  return (await send(path, { ...options, headers: { accept: '*/*', ...options.headers } })).blob();
}

/**
 * A GET revalidated with the ETag of the last answer: null when the server answers 304 (nothing changed since),
 * else the new body and its ETag. The page keeps the last answer itself: API answers are never stored by the
 * browser (no-store).
 */
export async function apiRevalidate<T>(path: string, etag: string | null): Promise<{ body: T; etag: string | null } | null> {
  try {
    const response = await send(path, { headers: etag ? { 'if-none-match': etag } : {} });
    return { body: (await response.json()) as T, etag: response.headers.get('etag') };
  } catch (error) {
    if (error instanceof ApiError && error.status === 304) return null;
    throw error;
  }
}

/**
 * Sends the request with the token; a failure throws its ApiError (an expired session logs out) with the JSON body
 * it carries. A token the server no longer knows is refused before any route runs (401): the session ends and the
 * request goes once more without it, as a logged-out visitor's, so that public pages still load (docs/decisions.md).
 */
async function send(path: string, options: ApiOptions): Promise<Response> {
  const token = storedToken();
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  // A form or a file goes as it is (a file with the content type its caller names); anything else as JSON.
  const upload = options.body instanceof FormData || options.body instanceof Blob;
  if (options.body !== undefined && !upload) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Token ${token}`;
  const response = await fetch(`/api/v1${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : upload ? (options.body as FormData | Blob) : JSON.stringify(options.body),
    signal: options.signal,
    keepalive: options.keepalive,
  });
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    // Only an established session expires; a token still being checked (/auth/{token}) has its own message.
    // A site whose school is unknown answers every call 404: that says nothing of the account.
    const accountGone = response.status === 404 && options.ownProfile === true && body?.code !== 'school_not_found';
    if (token && options.handleUnauthorized !== false) {
      if (response.status === 401) {
        // Unless a login replaced the refused token meanwhile: the retry then carries the new one.
        if (storedToken() === token) endSession();
        return send(path, options);
      }
      if (accountGone) endSession();
    }
    throw new ApiError(response.status, body);
  }
  return response;
}
