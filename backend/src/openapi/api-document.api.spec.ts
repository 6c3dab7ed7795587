import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Get } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { Test } from '@nestjs/testing';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { buildApiDocument } from './api-document.js';
import { REQUEST_BODIES } from './request-bodies.js';
import { apiDocumentWithoutDatabase } from '../write-api-document.js';

type Json = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

function operations(document: OpenAPIObject): { route: string; operation: Json }[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => (item as Json)[method]).map((method) => ({
      route: `${method.toUpperCase()} ${path}`,
      operation: (item as Json)[method] as Json,
    })),
  );
}

function refsOf(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => refsOf(item, found));
  else if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') found.push(inner);
      else refsOf(inner, found);
    }
  }
  return found;
}

@Controller('undocumented')
class UndocumentedController {
  @Get()
  read() {
    return { success: true };
  }
}

describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: OpenAPIObject;

  beforeAll(async () => {
    t = await createTestApp();
    document = (await t.http().get('/api/docs-json').expect(200)).body as OpenAPIObject;
  });
  afterAll(async () => {
    await t.close();
  });

  it('is OpenAPI 3.1 and documents every route of the API', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(operations(document).length).toBeGreaterThanOrEqual(140);
  });

  it("gives every route a summary and a success answer with its schema (a file's media type), and the error envelope", () => {
    const problems: string[] = [];
    for (const { route, operation } of operations(document)) {
      const responses = operation.responses as Record<string, { content?: Record<string, { schema?: unknown }> }>;
      const success = Object.keys(responses).filter((status) => /^2\d\d$/.test(status));
      const content = success.length === 1 ? responses[success[0]!]!.content : undefined;
      if (!operation.summary) problems.push(`${route}: no summary`);
      if (!content || !Object.values(content).every((media) => media.schema)) problems.push(`${route}: no success answer with a schema`);
      else if (content['application/json'] && JSON.stringify(content['application/json'].schema) === '{}')
        problems.push(`${route}: an untyped answer`);
      const envelope = route.includes(' /api/admin/') ? 'AdminError' : 'ErrorEnvelope';
      for (const range of ['4XX', '5XX']) {
        if (responses[range]?.content?.['application/json']?.schema === undefined) problems.push(`${route}: no ${range} answer`);
        else expect(responses[range]!.content!['application/json']!.schema).toEqual({ $ref: `#/components/schemas/${envelope}` });
      }
    }
    expect(problems).toEqual([]);
  });

  it("documents the application's data field by field, in answers and in the save's body", () => {
    const schemas = document.components!.schemas as Record<string, Json>;
    const record = schemas.ApplicationRecord!.properties as Record<string, Json>;
    expect(record.data).toEqual({ $ref: '#/components/schemas/StoredApplicationData' });
    const fields = schemas.StoredApplicationData!.properties as Record<string, Json>;
    expect(fields.essay1).toEqual({ type: 'string' });
    expect(fields.primaryTransport).toEqual({ enum: ['', 'plane', 'car', 'train', 'other'] });
    expect(Object.keys(fields)).toEqual(
      expect.arrayContaining(['proofOfEnrollment', 'schoolCountry', 'yearsVolunteered', 'acceptedPrivacy', 'step']),
    );
    expect(refsOf((schemas.SaveApplicationDto as Json).properties)).toContain('#/components/schemas/ApplicationDataChange');
  });

  it('refers only to components it has, and has none that nothing refers to', () => {
    const names = Object.keys(document.components!.schemas!);
    const refs = new Set(refsOf(document));
    expect([...refs].filter((ref) => !names.includes(ref.replace('#/components/schemas/', '')))).toEqual([]);
    expect(names.filter((name) => !refs.has(`#/components/schemas/${name}`))).toEqual([]);
  });

  it('asks a token of every route but the public ones', () => {
    const security = (route: string) => operations(document).find((o) => o.route === route)!.operation.security;
    expect(security('GET /api/settings')).toEqual([]);
    expect(security('POST /api/users/login')).toEqual([]);
    expect(security('GET /api/users/profile')).toEqual([{ bearer: [] }]);
    expect(security('GET /api/admin/users')).toEqual([{ bearer: [] }]);
    expect(operations(document).find((o) => o.route === 'GET /api/admin/users')!.operation.description).toBe('For administrators.');
  });

  it('takes a token on the calendar feed as well as its link', () => {
    const calendar = operations(document).find((o) => o.route === 'GET /api/schedule/{id}/calendar.ics')!.operation;
    expect(calendar.security).toEqual([{}, { bearer: [] }]);
  });

  it('describes the request bodies the contract declares from their schemas: numbers and texts, never an untyped object', () => {
    const schemas = document.components!.schemas as Record<string, Json>;
    // Every body named is in the document (a record of the records' save, a phone's record action and the profile's address are
    // inside those bodies, whole).
    const inside = new Set(['PerformanceRecordDto', 'RecordActionDto', 'AddressDto']);
    const named = [...REQUEST_BODIES.keys()].filter((name) => !inside.has(name));
    expect(named.filter((name) => !schemas[name])).toEqual([]);
    const property = (schema: string, name: string) => (schemas[schema]!.properties as Record<string, Json>)[name];
    expect(property('UpdateStatusDto', 'statusId')).toMatchObject({ anyOf: [{ type: 'integer' }, { type: 'null' }] });
    expect(property('VolunteerConstraintsDto', 'maxHoursPerDay')).toMatchObject({ anyOf: [{ type: 'number' }, { type: 'null' }] });
    expect(Object.keys(schemas.UpdateSettingsDto!.properties as Json)).toEqual(expect.arrayContaining(['timeline', 'retention']));
    expect(Object.keys(property('UpdateProfileDto', 'address')!.properties as Json)).toEqual(
      expect.arrayContaining(['address1', 'postal_code']),
    );
    expect(property('UpdateProfileDto', 'gender')).toMatchObject({ anyOf: [{ type: 'array' }, { type: 'string' }] });
    // The referee's ratings and a new edition's settings say their keys.
    expect(Object.keys(property('ReferenceAnswerDto', 'ratings')!.properties as Json)).toEqual([
      'reliability',
      'teamwork',
      'communication',
      'initiative',
    ]);
    expect(Object.keys(property('StartEditionDto', 'settings')!.properties as Json)).toEqual(
      expect.arrayContaining(['timeline', 'retention']),
    );
    // The application's save: its flags are true, false or null, its texts text or null.
    expect(property('SaveApplicationDto', 'completed')).toMatchObject({ anyOf: [{ type: 'boolean' }, { type: 'null' }] });
    expect(property('SaveApplicationDto', 'updated_at')).toMatchObject({ anyOf: [{ type: 'string' }, { type: 'null' }] });
    // A phone's record actions name their kinds, a venue its preference.
    expect((property('SyncRecordActionsDto', 'actions')!.items as Json).properties).toMatchObject({
      kind: { enum: ['check-in', 'check-out', 'rating', 'note'] },
    });
    expect(property('CreateVenueDto', 'location')).toMatchObject({ anyOf: [{ type: 'string' }, { type: 'null' }] });
    // No request body anywhere has a property typed only `object` with nothing said of its keys.
    const vague: string[] = [];
    for (const [name, schema] of Object.entries(schemas)) {
      if (!name.endsWith('Dto')) continue;
      for (const [key, value] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) {
        if (value.type === 'object' && !value.properties && !value.additionalProperties) vague.push(`${name}.${key}`);
      }
    }
    expect(vague).toEqual([]);
  });

  it('says how many rows an admin list holds (Content-Range) and which query parameters it takes', () => {
    const list = operations(document).find((o) => o.route === 'GET /api/admin/shifts')!.operation;
    const ok = (list.responses as Record<string, Json>)['200']!;
    expect(Object.keys(ok.headers as Json)).toEqual(['Content-Range']);
    expect((list.parameters as Json[]).map((p) => p.name)).toEqual(expect.arrayContaining(['filter', 'range', 'sort']));
  });

  it('describes the query parameters the contract declares from their schemas', () => {
    const roster = operations(document).find((o) => o.route === 'GET /api/schedule/roster')!.operation;
    expect(roster.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'venueId', in: 'query', required: true, schema: expect.objectContaining({ type: 'integer' }) }),
        expect.objectContaining({ name: 'day', in: 'query', required: true, schema: expect.objectContaining({ type: 'string' }) }),
        expect.objectContaining({ name: 'edition', in: 'query', required: false }),
      ]),
    );
    const search = operations(document).find((o) => o.route === 'GET /api/application/search')!.operation;
    const completed = (search.parameters as Json[]).find((p) => p.name === 'completed');
    expect(completed).toMatchObject({ required: false, schema: { type: 'boolean' } });
  });

  it('takes the bytes of a proof as the upload body', () => {
    const upload = operations(document).find((o) => o.route === 'PUT /api/files/upload/{token}')!.operation;
    expect(Object.keys((upload.requestBody as { content: Json }).content)).toEqual(
      expect.arrayContaining(['application/pdf', 'image/jpeg']),
    );
  });

  it('is written the same without a database (npm run lint:openapi lints what the server serves)', async () => {
    expect(await apiDocumentWithoutDatabase()).toEqual(document);
  });

  it('cannot be built while a route documents no answer', async () => {
    const moduleRef = await Test.createTestingModule({ controllers: [UndocumentedController] }).compile();
    const app = moduleRef.createNestApplication();
    try {
      expect(() => buildApiDocument(app)).toThrow('GET /undocumented (UndocumentedController_read) documents no answer');
    } finally {
      await app.close();
    }
  });
});
