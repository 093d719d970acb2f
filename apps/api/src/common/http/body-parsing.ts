import type { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MAX_BODY_DEPTH } from './body-depth.js';

export { MAX_BODY_DEPTH } from './body-depth.js';

/** The largest request body we read. Ours are a few hundred bytes; see docs/decisions.md. */
export const BODY_LIMIT = '100kb';

/** The http-errors `type` of a body refused for its depth; the error filter words it. */
export const TOO_DEEP = 'entity.too.deep';

/** Keeps the bytes as they came (a signed webhook is checked against them, not our parse). */
type RawRequest = IncomingMessage & { rawBody?: Buffer };

/**
 * Whether JSON text nests `[` and `{` deeper than `max`, read in one pass without parsing
 * (so without recursion). Brackets inside strings do not count; escapes are skipped.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

class BodyTooDeepError extends Error {
  readonly status = 400;
  readonly type = TOO_DEEP;
}

function keepRawBody(request: RawRequest, _response: ServerResponse, bytes: Buffer): void {
  request.rawBody = bytes;
}

function keepAndMeasure(
  request: RawRequest,
  response: ServerResponse,
  bytes: Buffer,
  encoding: string,
): void {
  keepRawBody(request, response, bytes);
  // body-parser answers a 4xx with our `status` and `type` when verify throws.
  if (nestsDeeperThan(bytes.toString(encoding === 'utf-8' ? 'utf8' : 'latin1'), MAX_BODY_DEPTH)) {
    throw new BodyTooDeepError(`JSON nested deeper than ${MAX_BODY_DEPTH} levels`);
  }
}

/**
 * Body parsing in place of Nest's defaults (`bodyParser: false`): JSON and URL-encoded forms
 * up to `BODY_LIMIT`, JSON no deeper than `MAX_BODY_DEPTH`, the raw bytes kept on
 * `request.rawBody`. `rawOnly` paths (a signed webhook) keep their bytes whatever the
 * content type, so a body that is not JSON is judged by its handler (a 4xx), not lost.
 */
export function useBodyParsing(app: NestExpressApplication, rawOnly: string[]): void {
  for (const path of rawOnly) {
    app.use(path, express.raw({ type: () => true, limit: BODY_LIMIT, verify: keepRawBody }));
  }
  app.use(express.json({ limit: BODY_LIMIT, verify: keepAndMeasure }));
  // Nested form keys are cut at qs's depth of 5, so forms need no check of their own.
  app.use(express.urlencoded({ extended: true, limit: BODY_LIMIT, verify: keepRawBody }));
}
