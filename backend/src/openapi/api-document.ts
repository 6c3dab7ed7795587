import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { CONTRACT_SCHEMAS } from '@svp/domain/contract';
import { EDITION_FILTER, type ListQueryOptions, MAX_LIST_ROW, declaredList } from '../common/admin-list.js';
import { COMPONENTS, CONTRACT_NAMES } from '../common/contract-schemas.js';
import { IS_PUBLIC } from '../common/decorators/public.decorator.js';
import { ROLES, type Role } from '../common/decorators/roles.decorator.js';
import { type DocumentedAnswer, documentedAnswer } from '../common/decorators/answers.decorator.js';
import { OPTIONAL_BEARER } from '../common/decorators/optional-bearer.decorator.js';
import { QUERY_PARAMETERS, REQUEST_BODIES } from './request-bodies.js';

type JsonObject = Record<string, unknown>;

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

const TAGS: readonly { name: string; description: string }[] = [
  { name: 'users', description: 'Accounts, sign-in, the profile and availability.' },
  { name: 'settings', description: "The edition's public settings: timeline, gates, conference facts." },
  { name: 'applications', description: "The application, its confirmation, and the organisers' searches and statistics." },
  { name: 'files', description: 'Proofs of enrollment.' },
  { name: 'jury', description: 'Assigning and scoring applications.' },
  { name: 'schedule', description: 'Schedules, shift records, the live board, rosters, calendar feeds and swaps.' },
  { name: 'references', description: "Referees' answers and the applicant's references." },
  { name: 'messages', description: "Messages to volunteers: team leaders' and the ones received." },
  { name: 'certificates', description: 'Certificates of service.' },
  { name: 'health', description: 'Whether the server can reach its database.' },
  { name: 'admin', description: "The admin panel's resources (ra-data-simple-rest: bare records, `Content-Range` on lists)." },
];

const ROLE_NAMES: Record<Role, string> = {
  admin: 'administrators',
  'Team-Leader': 'team leaders',
  'Student-Volunteer': 'student volunteers',
};

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const ref = (name: string) => ({ $ref: `${COMPONENTS}${name}` });

/**
 * A contract schema as plain JSON Schema for the document: a named schema (any but `self`, the one
 * being defined) becomes a `$ref` to its component, and so does a cyclic one (the message audience),
 * whose parts are components of their own.
 */
function toDocumentSchema(schema: unknown, self?: object): unknown {
  if (Array.isArray(schema)) return schema.map((item) => toDocumentSchema(item));
  if (!isObject(schema)) return schema;
  const name = CONTRACT_NAMES.get(schema);
  if (name && schema !== self) return ref(name);
  if (isObject(schema.$defs) && typeof schema.$ref === 'string') return ref(schema.$ref);
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$id') continue;
    if (key === '$ref' && typeof value === 'string' && !value.startsWith('#')) out.$ref = `${COMPONENTS}${value}`;
    else out[key] = toDocumentSchema(value);
  }
  return out;
}

/** The contract's schemas as components: each named one, and the parts of each cyclic one. */
export function contractComponents(): Record<string, unknown> {
  const components: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(CONTRACT_SCHEMAS)) {
    const defs = (schema as JsonObject).$defs;
    if (isObject(defs) && typeof (schema as JsonObject).$ref === 'string') {
      for (const [part, partSchema] of Object.entries(defs)) components[part] ??= toDocumentSchema(partSchema, partSchema as object);
      continue;
    }
    components[name] = toDocumentSchema(schema, schema as object);
  }
  return components;
}

function errorResponse(path: string) {
  const admin = path === '/api/admin' || path.startsWith('/api/admin/');
  return {
    description: admin
      ? 'A refusal: `{ message, err, errors? }` at the top level (docs/api.md#errors).'
      : 'A refusal in the error envelope (docs/api.md#errors).',
    content: { 'application/json': { schema: ref(admin ? 'AdminError' : 'ErrorEnvelope') } },
  };
}

function describeCallers(answer: DocumentedAnswer): { security: JsonObject[]; description?: string } {
  const handler = answer.handler as object;
  const isPublic = Reflect.getMetadata(IS_PUBLIC, handler) ?? Reflect.getMetadata(IS_PUBLIC, answer.controller) ?? false;
  const roles: Role[] | undefined = Reflect.getMetadata(ROLES, handler) ?? Reflect.getMetadata(ROLES, answer.controller);
  if (isPublic && Reflect.getMetadata(OPTIONAL_BEARER, handler))
    return { security: [{}, { bearer: [] }], description: 'Open with the token it names, or to the signed-in person.' };
  if (isPublic) return { security: [], description: 'Open to anyone.' };
  return {
    security: [{ bearer: [] }],
    ...(roles?.length ? { description: `For ${roles.map((role) => ROLE_NAMES[role]).join(' and ')}.` } : {}),
  };
}

/**
 * A react-admin list's query parameters (@ListParams): the filter with each key it takes and its kind,
 * then, for a list answered as JSON, the range and the sort (a CSV export of a list takes its filter).
 */
function listParameters(list: ListQueryOptions, file: boolean): JsonObject[] {
  const parameter = (name: string, description: string, schema: JsonObject) => ({
    name,
    in: 'query',
    required: false,
    description,
    content: { 'application/json': { schema } },
  });
  const filter = parameter('filter', 'The keys this list filters on; a value of another kind is refused with 400 naming `filter.<key>`.', {
    type: 'object',
    properties: Object.fromEntries(Object.entries({ ...EDITION_FILTER, ...list.filters }).map(([key, kind]) => [key, kind.schema])),
  });
  if (file) return [filter];
  return [
    filter,
    parameter('range', `The first and last row, from 0 (at most ${list.maxPageSize ?? 500} rows a page).`, {
      type: 'array',
      items: { type: 'integer', minimum: 0, maximum: MAX_LIST_ROW },
      minItems: 2,
      maxItems: 2,
    }),
    parameter('sort', 'A field and an order.', {
      type: 'array',
      prefixItems: [{ enum: [...list.sortable] }, { enum: ['ASC', 'DESC'] }],
      minItems: 2,
      maxItems: 2,
    }),
  ];
}

/** The contract's schema of the query a route's handler takes (`@Query() query: XQueryDto`), if it declares one. */
function declaredQuery(answer: DocumentedAnswer): JsonObject | undefined {
  const method = (answer.handler as { name?: string } | undefined)?.name;
  const prototype = (answer.controller as { prototype?: object }).prototype;
  if (!method || !prototype) return undefined;
  const types: unknown[] = Reflect.getMetadata('design:paramtypes', prototype, method) ?? [];
  for (const type of types) {
    const schema = typeof type === 'function' ? QUERY_PARAMETERS.get(type.name) : undefined;
    if (schema) return schema as unknown as JsonObject;
  }
  return undefined;
}

/** The route's query parameters as its query's schema declares them, in place of those Nest read from the DTO's decorators. */
function queryParameters(parameters: JsonObject[], query: JsonObject): JsonObject[] {
  const properties = query.properties as Record<string, JsonObject>;
  const required = new Set((query.required as string[] | undefined) ?? []);
  const others = parameters.filter((p) => !(p.in === 'query' && String(p.name) in properties));
  return [
    ...others,
    ...Object.entries(properties).map(([name, property]) => {
      const { description, ...schema } = toDocumentSchema(property) as JsonObject;
      return { name, in: 'query', required: required.has(name), ...(description ? { description } : {}), schema };
    }),
  ];
}

/** Fills one operation in from its route's documented answer; throws when the route documents none. */
function documentOperation(path: string, method: string, operation: JsonObject): void {
  const operationId = String(operation.operationId);
  const answer = documentedAnswer(operationId);
  if (!answer)
    throw new Error(`${method.toUpperCase()} ${path} (${operationId}) documents no answer: add @Answers, @AnswersWritten or @AnswersFile.`);
  const callers = describeCallers(answer);
  operation.summary = answer.summary;
  if (callers.description) operation.description = callers.description;
  operation.security = callers.security;
  const query = declaredQuery(answer);
  if (query) operation.parameters = queryParameters((operation.parameters ?? []) as JsonObject[], query);
  const list = declaredList(operationId);
  if (list) {
    const listed = listParameters(list, answer.file !== undefined);
    const others = ((operation.parameters ?? []) as JsonObject[]).filter(
      (p) => !(p.in === 'query' && listed.some((l) => l.name === p.name)),
    );
    operation.parameters = [...others, ...listed];
  }
  const responses = (operation.responses ?? {}) as Record<string, JsonObject>;
  const success = Object.keys(responses).find((status) => /^2\d\d$/.test(status)) ?? '200';
  const content = answer.file
    ? { [answer.file]: { schema: { type: 'string', contentMediaType: answer.file } } }
    : { 'application/json': { schema: toDocumentSchema(answer.schema) } };
  // A react-admin list answered as JSON says which rows it holds of how many: `Content-Range: <resource> <first>-<last>/<total>`.
  const headers =
    list && !answer.file
      ? {
          headers: {
            'Content-Range': {
              description: 'The rows answered and how many there are in all, e.g. `shifts 0-24/319` (`shifts 0-0/0` when none).',
              schema: { type: 'string', pattern: '^\\S+ \\d+-\\d+/\\d+$' },
            },
          },
        }
      : {};
  operation.responses = {
    [success]: { description: answer.summary, ...headers, content },
    ...Object.fromEntries(
      Object.entries(answer.also ?? {}).map(([status, also]) => [
        status,
        { description: also.description, content: { 'application/json': { schema: toDocumentSchema(also.schema) } } },
      ]),
    ),
    '4XX': errorResponse(path),
    '5XX': errorResponse(path),
  };
}

/**
 * The API's OpenAPI document (3.1): Nest's routes and request bodies, with every answer documented
 * from the wire contract (domain/src/contract/) and the error envelope on every route.
 */
export function buildApiDocument(app: INestApplication): OpenAPIObject {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setOpenAPIVersion('3.1.0')
      .setTitle('SV Portal API')
      .setDescription('Applications, jury, schedules and shift swaps of the student volunteer programme.')
      .setVersion('1.0')
      .addServer('/', 'This server')
      .addBearerAuth()
      .build(),
  );
  const components = contractComponents();
  for (const name of Object.keys(components)) {
    if (document.components?.schemas?.[name]) throw new Error(`The contract's schema ${name} has the name of a request body's schema.`);
  }
  // The request bodies declared in the contract replace what Nest read from their DTOs' decorators.
  const requestBodies: Record<string, object> = {};
  for (const [dto, schema] of REQUEST_BODIES) {
    if (document.components?.schemas?.[dto]) requestBodies[dto] = toDocumentSchema(schema, schema) as object;
  }
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ...requestBodies, ...(components as Record<string, object>) },
  };
  document.tags = [...TAGS];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = (item as JsonObject)[method];
      if (isObject(operation)) documentOperation(path, method, operation);
    }
  }
  // Only the schemas that something refers to (a shape used merged into another is not one, nor a DTO nested in a body the
  // contract now declares whole).
  const schemas = document.components.schemas as Record<string, object>;
  const used = referencedComponents(document.paths, schemas);
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
  document.info.license = { name: 'UNLICENSED', identifier: 'LicenseRef-UNLICENSED' } as OpenAPIObject['info']['license'];
  return document;
}

/** The components the paths refer to, directly or through other components. */
function referencedComponents(paths: unknown, schemas: Record<string, object>): Set<string> {
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!isObject(value)) return;
    const target = typeof value.$ref === 'string' && value.$ref.startsWith(COMPONENTS) ? value.$ref.slice(COMPONENTS.length) : null;
    if (target && !used.has(target)) {
      used.add(target);
      visit(schemas[target]);
    }
    Object.values(value).forEach(visit);
  };
  visit(paths);
  return used;
}
