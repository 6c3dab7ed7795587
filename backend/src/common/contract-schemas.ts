import { CONTRACT_SCHEMAS, type TSchema } from '@svp/domain/contract';

/** Where the OpenAPI document keeps the contract's schemas. */
export const COMPONENTS = '#/components/schemas/';

/** The component name of each named schema of the wire contract (domain/src/contract/schemas.ts), by the schema object. */
export const CONTRACT_NAMES: ReadonlyMap<object, string> = new Map(
  Object.entries(CONTRACT_SCHEMAS).map(([name, schema]) => [schema as object, name]),
);

/** A reference to a contract schema's component, e.g. for a request body's property (`@ApiProperty({ allOf: [schemaRef(X)] })`). */
export function schemaRef(schema: TSchema): { $ref: string } {
  const name = CONTRACT_NAMES.get(schema as object);
  if (!name) throw new Error('schemaRef: the schema is not a named schema of the contract (domain/src/contract/schemas.ts).');
  return { $ref: `${COMPONENTS}${name}` };
}
