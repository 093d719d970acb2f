import { localizeMessage } from '../i18n/messages';
import { ClientMessages } from './clientMessages';

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
    // Issue 30: shown in the reader's language; the API's English stays in `answer.message`.
    super(localizeMessage(message));
    this.name = 'ApiError';
  }
}

/** The failed answer's own fields, e.g. the `reason` of a 2211 (API.md). */
export interface FailedAnswer {
  message?: string;
  code?: number;
  reason?: unknown;
  /** With `reason: "idle"`: after how many unused minutes the session ended (issue 31). */
  idleMinutes?: unknown;
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

/** The headers every call sends now (the session's token among them), for a call made after. */
export function currentRequestHeaders(): Record<string, string> {
  return headerSource();
}

/** What a call that moves money sends in headers (API.md): the PIN, and the key that makes a retry safe. */
export interface MoneyCallHeaders {
  pin: string;
  idempotencyKey: string;
}

export function moneyHeaders({ pin, idempotencyKey }: MoneyCallHeaders): Record<string, string> {
  return { pin, 'Idempotency-Key': idempotencyKey };
}

async function send(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<Response> {
  // A form goes as multipart: the browser writes its content type, with the boundary.
  const form = body instanceof FormData;
  try {
    return await fetch(`/api${path}`, {
      method,
      headers: {
        ...(form ? {} : { 'content-type': 'application/json' }),
        ...headerSource(),
        ...headers,
      },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, ClientMessages.unreachable);
  }
}

async function request<T>(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await send(method, path, body, headers);
  return answerOf<T>(response);
}

async function answerOf<T>(response: Response): Promise<T> {
  const payload = (await response.json().catch(() => ({}))) as FailedAnswer & {
    success?: boolean;
  };
  if (!response.ok || payload.success === false) {
    if (typeof payload.code === 'number')
      for (const listener of codeListeners) listener(payload.code, payload);
    throw new ApiError(
      response.status,
      payload.message ?? ClientMessages.fallback,
      payload.code,
      payload,
    );
  }
  return payload as T;
}

/**
 * A POST whose answer is a file (the All Users CSV): its contents as a Blob. A refusal is JSON
 * like any other answer and throws the same ApiError (a 2211 still signs out).
 */
async function file(path: string, body: unknown): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headerSource() },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, ClientMessages.unreachable);
  }
  if (response.ok) return response.blob();
  const payload = (await response.json().catch(() => ({}))) as FailedAnswer;
  if (typeof payload.code === 'number')
    for (const listener of codeListeners) listener(payload.code, payload);
  throw new ApiError(response.status, payload.message ?? ClientMessages.fallback, payload.code);
}

/** A file the API serves only with the session's token (a KYC photo): read as a Blob. */
async function blob(path: string): Promise<Blob> {
  const response = await send('GET', path, undefined, {});
  if (!response.ok) return answerOf<never>(response);
  return response.blob();
}

export const api = {
  file,
  /** Multipart (a form with a file); the answer is JSON like any other call. */
  postForm: <T>(path: string, form: FormData, headers?: Record<string, string>) =>
    request<T>('POST', path, form, headers),
  blob,
  get: <T>(path: string, headers?: Record<string, string>) =>
    request<T>('GET', path, undefined, headers),
  post: <T>(path: string, body: unknown = {}, headers?: Record<string, string>) =>
    request<T>('POST', path, body, headers),
  delete: <T>(path: string, body: unknown = {}, headers?: Record<string, string>) =>
    request<T>('DELETE', path, body, headers),
};
