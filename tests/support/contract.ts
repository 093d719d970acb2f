import type { INestApplication } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { appendFileSync } from 'node:fs';
import addFormats from 'ajv-formats';
import { buildApiDocument } from '../../apps/api/src/api-docs/api-document.js';

/**
 * The contract check (issue 30): every answer a test receives through `call()` from a test API
 * is checked against the OpenAPI document that API serves: its status must be listed for the
 * operation, and a JSON body must match that status's schema. A mismatch fails the test, so
 * the document cannot drift from what the API answers. Paths the document does not know (the
 * console, /api/docs itself, a made-up path) are not checked.
 */
interface Contract {
  document: OpenAPIObject;
  ajv: Ajv2020;
  routes: { method: string; pattern: RegExp; template: string }[];
  validators: Map<string, ValidateFunction>;
}

const apps = new Map<string, INestApplication>();
const contracts = new Map<string, Contract>();

/** startTestApi registers each API it starts: its answers are checked from then on. */
export function checkAnswersOf(origin: string, app: INestApplication): void {
  apps.set(origin, app);
}

export function forgetAnswersOf(origin: string): void {
  apps.delete(origin);
  contracts.delete(origin);
}

/** Throws when the answer is not one the document lists for this operation. */
export function checkAnswer(
  url: string,
  method: string,
  answer: { status: number; contentType: string | null; body: unknown },
): void {
  const { origin, pathname } = new URL(url);
  const contract = contractOf(origin);
  if (!contract) return;
  const route = contract.routes.find((r) => r.method === method && r.pattern.test(pathname));
  if (!route) return;
  const operation = (contract.document.paths[route.template] as Record<string, Operation>)[
    route.method
  ]!;
  const name = `${method.toUpperCase()} ${route.template} (${operation.operationId})`;
  // Which operations a run exercised: KHATA_CONTRACT_LOG=<file> appends one line per answer.
  if (process.env.KHATA_CONTRACT_LOG) {
    appendFileSync(process.env.KHATA_CONTRACT_LOG, `${operation.operationId} ${answer.status}\n`);
  }
  const response = operation.responses[String(answer.status)];
  if (!response) {
    throw new Error(
      `Contract: ${name} answered ${answer.status}, which the document does not list ` +
        `(${Object.keys(operation.responses).join(', ')}); body ${brief(answer.body)}`,
    );
  }
  const mediaType = answer.contentType?.split(';')[0]?.trim() ?? '';
  const content = response.content ?? {};
  if (!Object.keys(content).length) return;
  const listed = Object.keys(content).find((type) => matches(type, mediaType));
  if (!listed) {
    throw new Error(
      `Contract: ${name} answered ${answer.status} as ${mediaType || 'nothing'}, ` +
        `the document says ${Object.keys(content).join(', ')}`,
    );
  }
  if (listed !== 'application/json') return;
  const key = `${operation.operationId}:${answer.status}`;
  let validate = contract.validators.get(key);
  if (!validate) {
    validate = contract.ajv.compile(content[listed]!.schema ?? {});
    contract.validators.set(key, validate);
  }
  if (!validate(answer.body)) {
    const errors = (validate.errors ?? [])
      .slice(0, 5)
      .map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`)
      .join('; ');
    throw new Error(
      `Contract: ${name} answered ${answer.status} with a body the document does not allow: ` +
        `${errors}; body ${brief(answer.body)}`,
    );
  }
}

interface Operation {
  operationId?: string;
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}

function contractOf(origin: string): Contract | undefined {
  const cached = contracts.get(origin);
  if (cached) return cached;
  const app = apps.get(origin);
  if (!app) return undefined;
  // The document's `#/components/schemas/X` refs point into one schema registered under an id.
  const document = JSON.parse(
    JSON.stringify(buildApiDocument(app)).replaceAll(
      '"#/components/schemas/',
      '"khata:document#/components/schemas/',
    ),
  ) as OpenAPIObject;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
  ajv.addSchema({ $id: 'khata:document', components: document.components });
  const routes = Object.entries(document.paths)
    .flatMap(([template, item]) =>
      Object.keys(item as object).map((method) => ({
        method,
        template,
        pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      })),
    )
    // A fixed path (`/api/bbps/payments.csv`) before a template that also matches it.
    .sort(
      (a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0),
    );
  const contract = { document, ajv, routes, validators: new Map() };
  contracts.set(origin, contract);
  return contract;
}

function matches(listed: string, actual: string): boolean {
  if (listed === actual) return true;
  const [type, subtype] = listed.split('/');
  return subtype === '*' && actual.startsWith(`${type}/`);
}

function brief(body: unknown): string {
  const text = JSON.stringify(body) ?? String(body);
  return text.length > 400 ? `${text.slice(0, 400)}…` : text;
}
