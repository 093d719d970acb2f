import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/** Where a request came from, as the session rows and the audit log keep it. */
export interface RequestContext {
  ip: string | null;
  latitude: string | null;
  longitude: string | null;
  userAgent: string | null;
  requestId: string | null;
}

// The console sends coordinates as strings with 6 decimals (spec §3); anything else is dropped.
const COORDINATE = /^-?\d{1,3}(\.\d{1,6})?$/;

function coordinate(value: unknown, limit: number): string | null {
  if (typeof value !== 'string' || !COORDINATE.test(value)) return null;
  return Math.abs(Number(value)) <= limit ? value : null;
}

export function requestContextOf(request: Request & { id?: unknown }): RequestContext {
  const userAgent = request.headers['user-agent'];
  return {
    ip: request.ip ?? null,
    latitude: coordinate(request.headers.latitude, 90),
    longitude: coordinate(request.headers.longitude, 180),
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 400) : null,
    requestId: typeof request.id === 'string' ? request.id : null,
  };
}

/** `@Context() context: RequestContext` in a controller method. */
export const Context = createParamDecorator((_data: unknown, ctx: ExecutionContext) =>
  requestContextOf(ctx.switchToHttp().getRequest()),
);
