import { describe, expect, it } from '@jest/globals';
import type { OpenAPIObject } from '@nestjs/swagger';
import { AnswerCheck } from './answer-check.js';

const json = (schema: object) => ({ description: '', content: { 'application/json': { schema } } });
const envelope = json({ $ref: '#/components/schemas/ErrorEnvelope' });

const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'test', version: '1' },
  paths: {
    '/api/things/{id}': {
      get: { responses: { '200': json({ $ref: '#/components/schemas/Thing' }), '4XX': envelope } },
    },
    '/api/things/count': {
      get: { responses: { '200': json({ type: 'object', properties: { count: { type: 'integer' } }, required: ['count'] }) } },
    },
    '/api/things/{id}.pdf': {
      get: { responses: { '200': { description: '', content: { 'application/pdf': { schema: { type: 'string' } } } } } },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: 'object',
        required: ['id', 'at', 'tags'],
        properties: {
          id: { type: 'integer' },
          at: { type: 'string', format: 'date-time' },
          tags: { type: 'object', additionalProperties: true },
        },
      },
      ErrorEnvelope: {
        type: 'object',
        required: ['success', 'data'],
        properties: {
          success: { const: false },
          data: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } },
        },
      },
    },
  },
} as unknown as OpenAPIObject;

const json200 = (body: unknown, status = 200) => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body,
  text: JSON.stringify(body),
});

describe('checking answers against the OpenAPI document', () => {
  const check = new AnswerCheck(DOCUMENT);

  it('accepts an answer its schema describes, open objects staying open', () => {
    expect(check.check('get', '/api/things/7?x=1', json200({ id: 7, at: '2026-01-15T12:00:00.000Z', tags: { any: 'thing' } }))).toBeNull();
    expect(check.check('GET', '/api/things/count', json200({ count: 3 }))).toBeNull();
  });

  it('names path, status and the mismatch of a field missing, of the wrong type or of the wrong format', () => {
    const error = check.check('get', '/api/things/7', json200({ id: '7', at: 'yesterday' }));
    expect(error?.message).toMatch(/^GET \/api\/things\/7 → 200: the answer does not match its OpenAPI schema/);
    expect(error?.message).toContain("must have required property 'tags'");
    expect(error?.message).toContain('/id must be integer');
    expect(error?.message).toContain('/at must match format "date-time"');
  });

  it('refuses a field the document does not describe', () => {
    const error = check.check('get', '/api/things/7', json200({ id: 7, at: '2026-01-15T12:00:00.000Z', tags: {}, secret: 'x' }));
    expect(error?.message).toContain('must NOT have additional properties: secret');
  });

  it('prefers the route with fixed words to the one with a variable', () => {
    expect(check.check('get', '/api/things/count', json200({ id: 7, at: '2026-01-15T12:00:00.000Z', tags: {} }))?.message).toContain(
      '(get /api/things/count 200)',
    );
  });

  it('checks a refusal against the error envelope of its status range, and refuses a status the route does not document', () => {
    expect(check.check('get', '/api/things/7', json200({ success: false, data: { message: 'No such thing.' } }, 404))).toBeNull();
    expect(check.check('get', '/api/things/7', json200({ message: 'No such thing.' }, 404))?.message).toContain(
      "must have required property 'success'",
    );
    expect(check.check('get', '/api/things/count', json200({ count: 1 }, 201))?.message).toContain('documents no answer with status 201');
  });

  it('checks the media type of a file, and the JSON of a refusal read as bytes', () => {
    expect(
      check.check('get', '/api/things/7.pdf', { status: 200, headers: { 'content-type': 'application/pdf' }, body: Buffer.from('%PDF') }),
    ).toBeNull();
    expect(check.check('get', '/api/things/7.pdf', json200({ id: 7 }))?.message).toContain(
      'answered application/json, but /api/things/{id}.pdf documents application/pdf',
    );
  });

  it('lets only a refusal in the error envelope answer a route the document does not have', () => {
    expect(check.check('post', '/api/things/7', json200({ success: false, data: { message: 'No such route.' } }, 404))).toBeNull();
    expect(check.check('post', '/api/things/7', json200({ ok: true }))?.message).toContain(
      'the OpenAPI document has no route POST /api/things/7',
    );
    expect(check.check('get', '/admin/index.html', { status: 200, headers: { 'content-type': 'text/html' }, body: {} })).toBeNull();
  });
});
