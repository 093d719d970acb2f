import { Injectable, RequestMethod, type OnModuleInit } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ApplicationConfig, DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { ACCESS_RULE, REFUSED_IN_LINK_SESSION, type AccessRule } from './access.js';

export interface RouteEntry {
  method: string;
  /** As clients call it: with the global /api prefix, unless the route is excluded from it. */
  path: string;
  rule: AccessRule | undefined;
  /** `@NotInLinkSession`: a session opened by a sign-in link is refused (issue 31). */
  refusedInLinkSession: boolean;
  handler: string;
}

/** A route that declares no access rule: start-up stops and names it. */
export class MissingAccessRuleError extends Error {
  override readonly name = 'MissingAccessRuleError';
}

/**
 * Every HTTP route of the application with its access rule, read from the controllers.
 * At start-up it refuses to run with a route that declares none, so "who may call this?" is
 * answered for each route before it can be called; the permission-matrix test walks the list.
 */
@Injectable()
export class RouteCatalog implements OnModuleInit {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    private readonly application: ApplicationConfig,
  ) {}

  onModuleInit(): void {
    const missing = this.routes().filter((route) => !route.rule);
    if (missing.length) {
      throw new MissingAccessRuleError(
        `Routes without an access rule (@Public, @SignedIn, @ForKinds, @ForMenuItem or @ApiKeyScope): ${missing
          .map((route) => `${route.method} ${route.path} (${route.handler})`)
          .join(', ')}.`,
      );
    }
  }

  routes(): RouteEntry[] {
    const routes: RouteEntry[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const { instance, metatype } = wrapper;
      if (!instance || !metatype) continue;
      const base = this.reflector.get<string | string[]>(PATH_METADATA, metatype) ?? '';
      const prototype = Object.getPrototypeOf(instance) as Record<
        string,
        (...args: unknown[]) => unknown
      >;
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name]!;
        const path = this.reflector.get<string | string[] | undefined>(PATH_METADATA, handler);
        if (path === undefined) continue;
        const verb = this.reflector.get<RequestMethod>(METHOD_METADATA, handler);
        const method = RequestMethod[verb];
        const relative = joinPath(first(base), first(path));
        routes.push({
          method,
          path: this.isUnprefixed(relative, verb) ? relative : `/api${relative}`,
          rule: this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE, [
            handler,
            metatype,
          ]),
          refusedInLinkSession:
            this.reflector.getAllAndOverride<boolean | undefined>(REFUSED_IN_LINK_SESSION, [
              handler,
              metatype,
            ]) === true,
          handler: `${metatype.name}.${name}`,
        });
      }
    }
    return routes;
  }

  /** Routes create-app serves outside /api (`setGlobalPrefix`'s `exclude`), e.g. /userProfile. */
  private isUnprefixed(path: string, verb: RequestMethod): boolean {
    return (this.application.getGlobalPrefixOptions().exclude ?? []).some(
      (route) =>
        joinPath(route.path) === path &&
        (route.requestMethod === verb || route.requestMethod === RequestMethod.ALL),
    );
  }
}

function first(path: string | string[]): string {
  return Array.isArray(path) ? (path[0] ?? '') : path;
}

function joinPath(...parts: string[]): string {
  return `/${parts
    .map((part) => part.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/')}`;
}
