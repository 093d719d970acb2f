import type { INestApplication } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { ErrorCode, ERROR_CODES } from '@khata/domain';
import { getMetadataStorage } from 'class-validator';
import type { AccessRule } from '../auth/access.js';
import { RouteCatalog } from '../auth/route-catalog.js';
import { ANSWERS_CODES } from '../common/http/answers-codes.js';
import { SATISFIED_FIELDS } from '../common/http/satisfies.js';
import {
  describeAnswer,
  type OperationObject,
  type ResponseObject,
  type SchemaObject,
} from './answers.js';
import { CONTRACT_SCHEMAS, OPERATION_ANSWERS } from './answers.generated.js';

/** The operation's access rule, as the route catalog reads it from the controller. */
export const ACCESS_EXTENSION = 'x-khata-access';

const SESSION_SCHEMES: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];
const PARTNER_SCHEMES: Record<string, string[]>[] = [
  { partnerKey: [], partnerSignature: [], partnerTimestamp: [], partnerNonce: [] },
];

/**
 * The OpenAPI 3 document of the whole HTTP API: the routes and their parameters as
 * @nestjs/swagger reads them from the controllers, the request bodies from the DTOs' rules,
 * and for every route of the route catalog its access rule (`x-khata-access` and the
 * description), its security scheme and the error answers that rule and its input can give.
 * Built once, on the first /api/docs request (api-docs.ts), never at start-up.
 */
export function buildApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Khata API')
    .setDescription(
      'Every HTTP route of the portal. Errors answer `{ success: false, message, code? }` ' +
        '(docs/api.md, "Conventions as built"); each operation lists the statuses and codes it can give. ' +
        'Socket events and conventions are in docs/api.md.',
    )
    .setVersion('1')
    // 3.1: its schemas are JSON Schema, as the answers' generator writes them (nullable unions).
    .setOpenAPIVersion('3.1.0')
    .addServer('/', 'This server')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, 'bearer')
    .addCookieAuth('khata_token', { type: 'apiKey', in: 'cookie', name: 'khata_token' }, 'cookie')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'x-khata-key-id' }, 'partnerKey')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'x-khata-signature' }, 'partnerSignature')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'x-khata-timestamp' }, 'partnerTimestamp')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'x-khata-nonce' }, 'partnerNonce')
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    // The catalog's handler name, so each route finds its operation without guessing.
    operationIdFactory: (controller, method) => `${controller}.${method}`,
  });
  const schemas = (document.components ??= {}).schemas ?? {};
  document.components.schemas = schemas;
  schemas.Error = ERROR_SCHEMA;
  const controllers = controllerMethods(app);
  describeDtos(schemas, controllers.dtos);
  for (const [name, schema] of Object.entries(CONTRACT_SCHEMAS)) {
    if (name in schemas) throw new Error(`The contract's ${name} has the name of a DTO`);
    schemas[name] = schema;
  }

  const operations = new Map<string, OperationObject>();
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item) as unknown[]) {
      const op = operation as OperationObject;
      if (op && typeof op === 'object' && typeof op.operationId === 'string') {
        operations.set(op.operationId, op);
        const answer = OPERATION_ANSWERS[op.operationId];
        if (answer) describeAnswer(op, answer);
      }
    }
  }
  for (const route of app.get(RouteCatalog).routes()) {
    const operation = operations.get(route.handler);
    if (operation && route.rule) {
      describeAccess(operation, route.rule, controllers.codes.get(route.handler) ?? []);
    }
  }
  return document;
}

/** `{ success: false, message, code? }` and a route's own fields (e.g. 2211's `reason`). */
const ERROR_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['success', 'message'],
  properties: {
    success: { type: 'boolean', enum: [false] },
    message: { type: 'string', description: 'For people: shown as it is.' },
    code: {
      type: 'integer',
      description: `For programs, where one applies: ${Object.entries<{ status: number }>(
        ERROR_CODES,
      )
        .map(([code, entry]) => `${code} (${entry.status})`)
        .join(', ')}.`,
    },
  },
  additionalProperties: true,
};

function describeAccess(
  operation: OperationObject,
  rule: AccessRule,
  ownCodes: readonly ErrorCode[],
): void {
  const access = accessText(rule);
  Object.assign(operation, { [ACCESS_EXTENSION]: rule });
  operation.description = [`**Access:** ${access}.`, operation.description]
    .filter(Boolean)
    .join('\n\n');
  if (rule.type === 'public') operation.security = [];
  else if (rule.type === 'api-key') operation.security = PARTNER_SCHEMES;
  else operation.security = SESSION_SCHEMES;

  const errors = errorAnswers(rule);
  for (const code of ownCodes) {
    const { status, message } = ERROR_CODES[code];
    const error = (errors[status] ??= { description: '', codes: [] });
    error.description = [error.description, `Code ${code}: "${message}"`].filter(Boolean).join(' ');
    error.codes.push(code);
  }
  operation.responses ??= {};
  for (const [status, error] of Object.entries(errors)) {
    const existing = operation.responses[status] as ResponseObject | undefined;
    // A status the handler answers with a body of its own (the health report's 503) keeps it.
    const own = existing?.content?.['application/json']?.schema;
    const errorBody = { $ref: '#/components/schemas/Error' };
    operation.responses[status] = {
      description: [existing?.description, error.description].filter(Boolean).join(' '),
      content: { 'application/json': { schema: own ? { anyOf: [own, errorBody] } : errorBody } },
      ...(error.codes.length && { 'x-khata-codes': error.codes }),
    } as ResponseObject;
  }
}

function accessText(rule: AccessRule): string {
  switch (rule.type) {
    case 'public':
      return 'public, no sign-in';
    case 'signed-in':
      return 'any signed-in user';
    case 'kinds':
      return `roles ${rule.kinds.join(', ')}`;
    case 'menu':
      return `whoever may use the menu item "${rule.item}" (its roles and services, libs/domain)`;
    case 'api-key':
      return `a partner's API key with the scope "${rule.scope}", signed (x-khata-key, x-khata-signature, x-khata-timestamp)`;
  }
}

interface ErrorAnswer {
  description: string;
  codes: number[];
}

/**
 * The errors a route can answer: those of its access rule; and the refusals of the one error
 * filter (HttpErrorFilter), which turns a handler's AppError kind or a ledger refusal into its
 * status: invalid input (400), no such record (404), a conflict with the record's state or an
 * Idempotency-Key (409), a business refusal such as the balance or a wrong PIN (422), too many
 * tries (429), a body too large (413), a dependency down (503). Handlers do not declare which
 * of these they give, so every operation lists them; a handler's own catalogue codes (4091)
 * are declared on it with `@AnswersCodes` and added by their status.
 */
function errorAnswers(rule: AccessRule): Record<string, ErrorAnswer> {
  const errors: Record<string, ErrorAnswer> = {
    '400': { description: 'The input is not valid; `message` says why.', codes: [] },
  };
  if (rule.type === 'api-key') {
    errors['401'] = { description: 'The key or its signature is missing or wrong.', codes: [] };
    errors['403'] = {
      description: 'The key lacks the scope, or its partner is not active.',
      codes: [],
    };
  } else if (rule.type !== 'public') {
    errors['401'] = {
      description: 'Not signed in, or the session ended (code 2211, with `reason` when known).',
      codes: [ErrorCode.SessionEnded],
    };
    errors['403'] = {
      description:
        rule.type === 'signed-in'
          ? 'The password or PIN is still temporary (code 4031).'
          : 'The caller may not use this route, or its password or PIN is still temporary (code 4031).',
      codes: [ErrorCode.MustChangeCredentials],
    };
  } else {
    // A public route that checks credentials of its own (sign-in, a login link, a signature).
    errors['401'] = { description: 'The credentials given are wrong.', codes: [] };
    errors['403'] = { description: 'Not allowed, e.g. a blocked account.', codes: [] };
  }
  errors['404'] = { description: 'No such record, or not one the caller may see.', codes: [] };
  errors['409'] = {
    description:
      "The record's state does not allow it now, or the Idempotency-Key was used for another request.",
    codes: [],
  };
  errors['413'] = { description: 'The request body is too large.', codes: [] };
  errors['422'] = {
    description: 'Refused by a business rule (balance, limits, a wrong PIN); `message` says why.',
    codes: [],
  };
  errors['429'] = { description: 'Too many tries or requests; try again later.', codes: [] };
  errors['503'] = {
    description: 'A dependency (database, Redis, the ledger) is busy or down; try again.',
    codes: [],
  };
  return errors;
}

/** `/api/users/:id` as OpenAPI writes it: `/api/users/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

type DtoClass = abstract new (...args: never[]) => unknown;

/**
 * From the controllers as they run: the classes their handlers take, by name (as the document
 * names their schemas), and the codes each handler declares with `@AnswersCodes`, by the
 * catalog's `Controller.method`.
 */
function controllerMethods(app: INestApplication): {
  dtos: Map<string, DtoClass>;
  codes: Map<string, readonly ErrorCode[]>;
} {
  const dtos = new Map<string, DtoClass>();
  const codes = new Map<string, readonly ErrorCode[]>();
  for (const { instance, metatype } of app.get(DiscoveryService).getControllers()) {
    if (!instance || !metatype) continue;
    const prototype = Object.getPrototypeOf(instance) as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const types = Reflect.getMetadata('design:paramtypes', prototype, name) as unknown;
      for (const type of Array.isArray(types) ? types : []) {
        if (typeof type === 'function' && type.name) dtos.set(type.name, type as DtoClass);
      }
      const handler = prototype[name];
      const declared =
        typeof handler === 'function'
          ? (Reflect.getMetadata(ANSWERS_CODES, handler) as ErrorCode[] | undefined)
          : undefined;
      if (declared) codes.set(`${metatype.name}.${name}`, declared);
    }
  }
  return { dtos, codes };
}

/**
 * The DTOs' fields: @nestjs/swagger sees a DTO class but not its class-validator rules, so
 * each field validated by `@Satisfies` (a libs/domain rule) or allowed by `@Allow` is listed,
 * required when its rule refuses a missing value, with the rule's message for it.
 */
function describeDtos(
  schemas: Record<string, SchemaObject | object>,
  classes: ReadonlyMap<string, DtoClass>,
): void {
  const storage = getMetadataStorage();
  for (const [name, schema] of Object.entries(schemas)) {
    const dto = classes.get(name);
    const object = schema as SchemaObject;
    const properties = (object.properties ??= {});
    const required = new Set(object.required ?? []);
    for (const { propertyName, check } of dto ? (SATISFIED_FIELDS.get(dto) ?? []) : []) {
      const missing = check(undefined);
      properties[propertyName] ??= {
        description: missing.ok
          ? `Optional; checked by ${check.name || 'a libs/domain rule'}.`
          : `Checked by ${check.name || 'a libs/domain rule'}: ${missing.message}`,
      };
      if (!missing.ok) required.add(propertyName);
    }
    if (dto) {
      for (const meta of storage.getTargetValidationMetadatas(dto, '', true, false)) {
        properties[meta.propertyName] ??= {
          description: `Checked on the server (${meta.name ?? meta.type}).`,
        };
      }
    }
    object.type ??= 'object';
    if (required.size) object.required = [...required];
  }
}
