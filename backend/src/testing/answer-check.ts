import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { OpenAPIObject } from '@nestjs/swagger';

/** Where the checker keeps the document's components, so that every compiled schema can refer to them. */
const CONTRACT_ID = 'https://sv-portal.invalid/openapi';
const COMPONENTS = '#/components/schemas/';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A copy of a schema for the check: references point at the components the checker holds, and every
 * object with listed properties is closed (`additionalProperties: false`), so a field the server sends
 * that the document does not describe fails the test just as a missing one does. An object the
 * contract leaves open (`additionalProperties: true`, a record) stays open.
 */
function forChecking(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forChecking);
  if (!isObject(schema)) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'example' || key === 'examples') continue;
    out[key] =
      key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENTS)
        ? `${CONTRACT_ID}#/$defs/${value.slice(COMPONENTS.length)}`
        : forChecking(value);
  }
  if (isObject(out.properties) && out.additionalProperties === undefined && out.patternProperties === undefined)
    out.additionalProperties = false;
  return out;
}

interface Route {
  template: string;
  pattern: RegExp;
  parameters: number;
  operations: Record<string, Json>;
}

const fixedLength = (template: string) => template.replace(/\{[^}]+\}/g, '').length;

function routesOf(document: OpenAPIObject): Route[] {
  return (
    Object.entries(document.paths)
      .map(([template, item]) => {
        const source = template
          .split(/(\{[^}]+\})/)
          .map((part) => (part.startsWith('{') ? '([^/]+?)' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
          .join('');
        return {
          template,
          pattern: new RegExp(`^${source}$`),
          parameters: (template.match(/\{/g) ?? []).length,
          operations: item as unknown as Record<string, Json>,
        };
      })
      // The most specific first: fewer variables, then more fixed text ('/{id}.pdf' before '/{id}').
      .sort((a, b) => a.parameters - b.parameters || fixedLength(b.template) - fixedLength(a.template))
  );
}

/** The JSON of a body a test read as bytes (a file route's refusal). */
const jsonOf = (body: unknown): unknown => (body instanceof Uint8Array ? JSON.parse(Buffer.from(body).toString('utf8')) : body);

/** A response as supertest gives it. */
export interface CheckedResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  text?: string;
}

/**
 * Checks real answers against the OpenAPI document: the body of every JSON answer must match the
 * schema documented for its path, method and status (the error envelope for a refusal), and a file
 * must be of the documented media type. Answers `null`, or the mismatch as an Error naming path,
 * status and what differs.
 */
export class AnswerCheck {
  // validateSchema: false skips checking the document's schemas against JSON Schema's own meta-schema, which cost a
  // quarter to a half second of CPU in every suite (the meta-schema compiled, every component walked); the document
  // is linted on its own (scripts/lint-openapi.mjs), and ajv's strict mode still refuses a keyword it does not know.
  private readonly ajv = new Ajv2020({
    allErrors: true,
    strictTypes: false,
    strictTuples: false,
    validateFormats: true,
    validateSchema: false,
  });
  private readonly routes: Route[];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(document: OpenAPIObject) {
    addFormats.default(this.ajv);
    this.ajv.addFormat('binary', true);
    this.ajv.addSchema({ $id: CONTRACT_ID, $defs: forChecking(document.components?.schemas ?? {}) as Json });
    this.routes = routesOf(document);
  }

  check(method: string, url: string, response: CheckedResponse): Error | null {
    const path = new URL(url, 'http://localhost').pathname;
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) return null;
    const verb = method.toLowerCase();
    // A preflight is answered by the CORS middleware, before any route.
    if (verb === 'options') return null;
    const route = this.routes.find((candidate) => candidate.pattern.test(path) && candidate.operations[verb]);
    const where = `${method.toUpperCase()} ${path} → ${response.status}`;
    if (!route) {
      // No such route: only a refusal may answer, in the error envelope of its area.
      if (response.status < 400) return new Error(`${where}: the OpenAPI document has no route ${method.toUpperCase()} ${path}.`);
      const envelope = path.startsWith('/api/admin/') ? 'AdminError' : 'ErrorEnvelope';
      return this.validate(where, `error:${envelope}`, { $ref: `${COMPONENTS}${envelope}` }, jsonOf(response.body));
    }
    const responses = (route.operations[verb]!.responses ?? {}) as Record<string, Json>;
    const status = String(response.status);
    const documented = responses[status] ?? responses[`${status[0]}XX`] ?? responses.default;
    if (!documented)
      return new Error(
        `${where}: ${route.template} documents no answer with status ${status} (it documents ${Object.keys(responses).join(', ')}).`,
      );
    const content = (documented.content ?? {}) as Record<string, Json>;
    const type = String(response.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim();
    if (verb === 'head') return null;
    // Node's HTTP parser refuses some requests (431: headers too large) before the app sees them, without a body.
    if (!type && response.status >= 400 && !response.text) return null;
    if (!content[type]) {
      const documentedTypes = Object.keys(content).join(', ') || 'no content';
      return new Error(`${where}: answered ${type || 'no content type'}, but ${route.template} documents ${documentedTypes}.`);
    }
    if (type !== 'application/json') return null;
    return this.validate(where, `${verb} ${route.template} ${status}`, content[type]!.schema, jsonOf(response.body));
  }

  private validate(where: string, key: string, schema: unknown, body: unknown): Error | null {
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(forChecking(schema) as Json);
      this.validators.set(key, validate);
    }
    if (validate(body)) return null;
    const problems = (validate.errors ?? []).slice(0, 8).map((e) => {
      const extra = e.params && 'additionalProperty' in e.params ? `: ${String(e.params.additionalProperty)}` : '';
      return `  ${e.instancePath || '(the body)'} ${e.message}${extra}`;
    });
    const shown = JSON.stringify(body).slice(0, 1500);
    return new Error(`${where}: the answer does not match its OpenAPI schema (${key}):\n${problems.join('\n')}\nbody: ${shown}`);
  }
}
