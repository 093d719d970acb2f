/**
 * The console's one way to call the API: JSON in and out, the contract's error shape turned
 * into an ApiError. Answers with a numeric `code` are announced to listeners (forced logout,
 * code 2211, is handled by the session layer).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: number,
    /** The failed answer's fields, e.g. the `temporary` of a 4031. */
    readonly answer: FailedAnswer = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The failed answer's own fields, e.g. the `reason` of a 2211 (API.md). */
export interface FailedAnswer {
  message?: string;
  code?: number;
  reason?: unknown;
  temporary?: unknown;
}

type CodeListener = (code: number, answer: FailedAnswer) => void;
const codeListeners = new Set<CodeListener>();

/** Called with the `code` of every failed answer that carries one; returns an unsubscribe. */
export function onResponseCode(listener: CodeListener): () => void {
  codeListeners.add(listener);
  return () => codeListeners.delete(listener);
}

type HeaderSource = () => Record<string, string>;
let headerSource: HeaderSource = () => ({});

/** The session layer supplies the bearer token and location headers for every call. */
export function setRequestHeaders(source: HeaderSource): void {
  headerSource = source;
}

/** What a call that moves money sends in headers (API.md): the PIN, and the key that makes a retry safe. */
export interface MoneyCallHeaders {
  pin: string;
  idempotencyKey: string;
}

export function moneyHeaders({ pin, idempotencyKey }: MoneyCallHeaders): Record<string, string> {
  return { pin, 'Idempotency-Key': idempotencyKey };
}

const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

async function request<T>(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headerSource(), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'Cannot reach Khata. Please check your connection.');
  }
  const payload = (await response.json().catch(() => ({}))) as FailedAnswer & {
    success?: boolean;
  };
  if (!response.ok || payload.success === false) {
    if (typeof payload.code === 'number')
      for (const listener of codeListeners) listener(payload.code, payload);
    throw new ApiError(response.status, payload.message ?? FALLBACK_MESSAGE, payload.code, payload);
  }
  return payload as T;
}

export const api = {
  get: <T>(path: string, headers?: Record<string, string>) =>
    request<T>('GET', path, undefined, headers),
  post: <T>(path: string, body: unknown = {}, headers?: Record<string, string>) =>
    request<T>('POST', path, body, headers),
  delete: <T>(path: string, body: unknown = {}, headers?: Record<string, string>) =>
    request<T>('DELETE', path, body, headers),
};
