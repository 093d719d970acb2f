import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Validator } from '@platformatic/openapi-schema-validator';
import type { OpenAPIObject } from '@nestjs/swagger';
import { ACCESS_EXTENSION, openApiPath } from '../../apps/api/src/api-docs/api-document.js';
import { RouteCatalog } from '../../apps/api/src/auth/route-catalog.js';
import { writeFileSync } from 'node:fs';
import { checkAnswer } from '../support/contract.js';
import { bearer, given, signIn } from '../support/given.js';
import { call, startTestApi, type TestApi } from '../support/test-api.js';

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  description?: string;
  security?: Record<string, string[]>[];
  responses: Record<
    string,
    { content?: Record<string, { schema?: object }>; 'x-khata-codes'?: number[] }
  >;
  [ACCESS_EXTENSION]?: unknown;
};

describe('/api/docs, open (development and tests)', () => {
  let api: TestApi;
  let document: OpenAPIObject;

  beforeAll(async () => {
    api = await startTestApi();
    const answer = await call<OpenAPIObject>(`${api.url}/api/docs.json`);
    expect(answer.status).toBe(200);
    document = answer.body;
    // `npm run lint:api` (scripts/lint-api.mjs) lints the document this test reads.
    if (process.env.KHATA_API_DOCUMENT_OUT) {
      writeFileSync(process.env.KHATA_API_DOCUMENT_OUT, JSON.stringify(document, null, 2));
    }
  });
  afterAll(() => api.close());

  it('is a valid OpenAPI 3 document', async () => {
    expect(document.openapi).toMatch(/^3\./);
    const result = await new Validator().validate(structuredClone(document) as object);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    // The validator does refuse a broken one.
    const broken = { ...structuredClone(document), info: undefined } as object;
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('has every route of the route catalog with its access rule, security and error answers', () => {
    const routes = api.app.get(RouteCatalog).routes();
    expect(routes.length).toBeGreaterThan(50);
    const problems: string[] = [];
    for (const route of routes) {
      const name = `${route.method} ${route.path} (${route.handler})`;
      const item = document.paths[openApiPath(route.path)] as Record<string, Operation> | undefined;
      const operation = item?.[route.method.toLowerCase()];
      if (!operation) {
        problems.push(`${name}: not in the document`);
        continue;
      }
      if (operation.operationId !== route.handler) problems.push(`${name}: another operation`);
      if (JSON.stringify(operation[ACCESS_EXTENSION]) !== JSON.stringify(route.rule)) {
        problems.push(`${name}: access ${JSON.stringify(operation[ACCESS_EXTENSION])}`);
      }
      if (!operation.description?.startsWith('**Access:** ')) {
        problems.push(`${name}: no access in its description`);
      }
      const statuses = Object.keys(operation.responses);
      const errors = statuses.filter((status) => /^[45]\d\d$/.test(status));
      const expected = route.rule?.type === 'public' ? [] : ['401', '403'];
      for (const status of [...expected, '503']) {
        if (!errors.includes(status)) problems.push(`${name}: no ${status} answer`);
      }
      for (const status of errors) {
        const content = operation.responses[status]!.content as Record<string, { schema: unknown }>;
        const schema = JSON.stringify(content?.['application/json']?.schema);
        const error = '{"$ref":"#/components/schemas/Error"}';
        // Or the handler's own body beside it (the health report's 503).
        const beside = schema?.startsWith('{"anyOf":[') && schema.endsWith(`,${error}]}`);
        if (schema !== error && !beside) {
          problems.push(`${name}: ${status} without the error body`);
        }
      }
      if (route.rule?.type === 'public' && operation.security?.length !== 0) {
        problems.push(`${name}: public but asks for credentials`);
      }
      if (route.rule?.type === 'api-key' && !operation.security?.[0]?.partnerKey) {
        problems.push(`${name}: no partner key scheme`);
      }
      if (
        route.rule &&
        !['public', 'api-key'].includes(route.rule.type) &&
        (!operation.security?.some((scheme) => scheme.bearer) ||
          !operation.responses['401']?.['x-khata-codes']?.includes(2211))
      ) {
        problems.push(`${name}: no session scheme or no code 2211`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('gives every operation a summary, a tag, and a schema for each success answer', () => {
    const problems: string[] = [];
    let operations = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item as Record<string, Operation>)) {
        operations++;
        const name = `${method.toUpperCase()} ${path}`;
        if (!operation.summary) problems.push(`${name}: no summary`);
        if (operation.tags?.length !== 1) problems.push(`${name}: tags ${operation.tags}`);
        const successes = Object.keys(operation.responses).filter((status) => /^2/.test(status));
        if (!successes.length) problems.push(`${name}: no 2xx answer`);
        for (const status of successes) {
          const content = Object.entries(operation.responses[status]!.content ?? {});
          if (!content.length) problems.push(`${name}: ${status} without content`);
          for (const [type, { schema }] of content) {
            if (type === 'application/json' && !Object.keys(schema ?? {}).length) {
              problems.push(`${name}: ${status} without a schema`);
            }
          }
        }
      }
    }
    expect(operations).toBeGreaterThan(200);
    expect(problems).toEqual([]);
  });

  it('lists the statuses the routes really send, not @nestjs/swagger 201 for every POST', () => {
    const statuses = (path: string, method = 'post') =>
      Object.keys((document.paths[path] as Record<string, Operation>)[method]!.responses).filter(
        (status) => /^2/.test(status),
      );
    expect(statuses('/api/reports/transactions.csv')).toEqual(['200']);
    expect(statuses('/api/admin/creditWallet')).toEqual(['200', '202']);
    expect(statuses('/api/auth/login')).toEqual(['200']);
    const payout = (document.paths['/api/payment/bankTransfer'] as Record<string, Operation>).post!;
    // A libs/domain answer type by name, its schema among the components.
    expect(payout.responses['200']!.content!['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/PayoutAnswer',
    });
    expect(document.components?.schemas?.PayoutAnswer).toMatchObject({ type: 'object' });
    // The health report's 503 is its own body, or the error body when the filter answers.
    const health = (document.paths['/api/health'] as Record<string, Operation>).get!;
    expect(health.responses['503']!.content!['application/json']!.schema).toMatchObject({
      anyOf: [
        { required: ['success', 'status', 'postgres', 'redis'] },
        { $ref: '#/components/schemas/Error' },
      ],
    });
  });

  it('the contract check refuses an answer the document does not list', () => {
    const url = `${api.url}/api/payment/bankTransfer`;
    const json = 'application/json; charset=utf-8';
    expect(() =>
      checkAnswer(url, 'post', { status: 418, contentType: json, body: { success: false } }),
    ).toThrow(/answered 418, which the document does not list/);
    expect(() =>
      checkAnswer(url, 'post', { status: 200, contentType: json, body: { success: 'yes' } }),
    ).toThrow(/a body the document does not allow/);
    const error = { success: false, message: 'Insufficient balance' };
    expect(() =>
      checkAnswer(url, 'post', { status: 400, contentType: json, body: error }),
    ).not.toThrow();
  });

  it("adds a handler's own catalogue codes (@AnswersCodes) under their status", () => {
    const transfer = (document.paths['/api/payment/bankTransfer'] as Record<string, Operation>)
      .post!;
    expect(transfer.responses['409']?.['x-khata-codes']).toEqual([4091]);
    expect(transfer.responses['403']?.['x-khata-codes']).toEqual([4031]);
    const login = (document.paths['/api/auth/login'] as Record<string, Operation>).post!;
    expect(login.responses['409']?.['x-khata-codes']).toBeUndefined();
  });

  it('documents a DTO from its rules: the login body with its required fields', () => {
    const login = (document.paths['/api/auth/login'] as Record<string, Operation>).post!;
    expect(login[ACCESS_EXTENSION]).toEqual({ type: 'public' });
    expect(login.security).toEqual([]);
    const schema = document.components?.schemas?.LoginDto as {
      required?: string[];
      properties?: Record<string, { description?: string }>;
    };
    expect(schema.required?.sort()).toEqual(['mobile', 'password']);
    expect(schema.properties?.mobile?.description).toMatch(/checkMobile/);
  });

  it('serves Swagger UI from its own assets, allowed by the CSP', async () => {
    const page = await fetch(`${api.url}/api/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('swagger-ui-bundle.js');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    for (const asset of [...html.matchAll(/(?:src|href)=['"]\.\/([^'"]+)['"]/g)].map((m) => m[1])) {
      const answer = await fetch(`${api.url}/api/docs/${asset}`);
      // Read to the end: an unread body keeps its connection, and close() waits for it.
      expect([asset, answer.status, (await answer.text()).length > 0]).toEqual([asset, 200, true]);
    }
    // The document rides in the init script, not fetched from anywhere else.
    const init = await (await fetch(`${api.url}/api/docs/swagger-ui-init.js`)).text();
    expect(init).toContain('"Khata API"');
  });
});

describe('/api/docs for admins only (API_DOCS=admins, production default)', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi({ API_DOCS: 'admins' });
  });
  afterAll(() => api.close());

  it('refuses a caller who is not signed in, and a signed-in user who is not an admin', async () => {
    // As Express routes them: any case, a trailing slash (issue 31).
    for (const path of [
      '/api/docs',
      '/api/docs.json',
      '/api/docs/swagger-ui-init.js',
      '/api/Docs.json',
      '/api/docs.json/',
      '/API/DOCS/',
      '/api/docs/Swagger-UI-Init.js',
    ]) {
      const anonymous = await call(`${api.url}${path}`);
      expect([path, anonymous.status, anonymous.body.success]).toEqual([path, 401, false]);
    }
    const retailer = await given(api).user({ role: 'khataEmployee2' });
    const token = await signIn(api, retailer);
    const answer = await call(`${api.url}/api/docs.json`, { headers: bearer(token) });
    expect(answer.status).toBe(403);
    const page = await fetch(`${api.url}/api/docs`, {
      headers: { cookie: `khata_token=${token}` },
    });
    expect([page.status, await page.text()]).toEqual([403, expect.stringContaining('admin')]);
  });

  it('serves an admin, by bearer token or by the console cookie', async () => {
    const admin = await given(api).user({ role: 'admin' });
    const token = await signIn(api, admin);
    const answer = await call<OpenAPIObject>(`${api.url}/api/docs.json`, {
      headers: bearer(token),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.paths['/api/auth/login']).toBeDefined();
    const page = await fetch(`${api.url}/api/docs`, {
      headers: { cookie: `other=1; khata_token=${token}` },
    });
    expect([page.status, await page.text()]).toEqual([200, expect.stringContaining('swagger')]);
  });
});
