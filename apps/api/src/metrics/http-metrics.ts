import type { NextFunction, Request, Response } from 'express';
import { httpDuration } from '../common/process-metrics.js';

/** The label of an answer no route handled (404s, the console's files): bounded cardinality. */
export const NO_ROUTE = '(none)';

/**
 * Times every HTTP answer into khata_http_request_duration_seconds, labelled with the route
 * TEMPLATE Express matched (`/api/users/:id`, never the ids of a URL), the method and status.
 */
export function countRequests(request: Request, response: Response, next: NextFunction): void {
  const end = httpDuration.startTimer();
  response.once('finish', () => {
    const route = (request as Request & { route?: { path?: unknown } }).route?.path;
    end({
      route: typeof route === 'string' ? `${request.baseUrl}${route}` : NO_ROUTE,
      method: request.method,
      status: String(response.statusCode),
    });
  });
  next();
}
