import type { OpenAPIObject, ReferenceObject, SchemaObject } from '@nestjs/swagger';
import { US_DATE_PATTERN } from '../../../common/validation/formats.js';
import { APPLICATION_FIELDS, registeredFields } from '../application-fields.js';
import { APPLICATION_STEPS } from '../application-steps.js';

/** Name of the answers schema in `components.schemas` (issue 26 item 8). */
export const APPLICATION_ANSWERS_SCHEMA = 'ApplicationAnswers';
/** `$ref` of {@link APPLICATION_ANSWERS_SCHEMA}. */
export const APPLICATION_ANSWERS_REF = `#/components/schemas/${APPLICATION_ANSWERS_SCHEMA}`;

/** The document schemas the answer fields' shapes are read from: the bodies that write them. */
const SAVE_BODY = 'SaveApplicationDto';
const SUBMIT_BODY = 'SubmitApplicationDto';
/** The record on the wire: every answer merged at top level, then the columns. */
const RECORD = 'ApplicationRecord';

/** The two certification answers submit writes itself, from no body (`ApplicationsService.submit`). */
const SUBMIT_WRITTEN: Record<string, SchemaObject> = {
  fullName: {
    type: 'string',
    example: 'Sarah Levi',
    description: "the applicant's first and last name as the signature was checked against",
  },
  date: {
    type: 'string',
    pattern: US_DATE_PATTERN,
    example: '01/31/2000',
    description: 'MM/DD/YYYY, the office date (Eastern time) of the certification',
  },
};

/** What the stored answer adds to the body's description of a field (the body's example is what clients send). */
const STORED_AS: Record<string, Pick<SchemaObject, 'example' | 'description'>> = {
  cellPhone: {
    example: '+17185550100',
    description: 'stored and answered in E.164 form (read with addressCountry as the default country)',
  },
  addressCountry: { description: 'the record answers United States when none is saved' },
};

type Schemas = Record<string, SchemaObject | ReferenceObject>;

function schemaNamed(schemas: Schemas, name: string): SchemaObject {
  const schema = schemas[name];
  if (!schema || '$ref' in schema || !schema.properties)
    throw new Error(`OpenAPI: components.schemas.${name} is missing; the answers schema is built from it`);
  return schema;
}

/**
 * `components.schemas.ApplicationAnswers`, generated from the field registry ({@link registeredFields}:
 * every answer field in form order, the step 7 certification fields included): each field's shape
 * (type, format, pattern, maxLength, nested objects) is the one of the body that writes it — the save
 * body `SaveApplicationDto` (the step DTOs), the submit body, or {@link SUBMIT_WRITTEN} — with the step
 * and, for option fields, the dropdown in the description. Option values are not enums: admins edit
 * the dropdowns. A top-level answer is never null (a save with null deletes it), so `nullable` is kept
 * only where the record's column of that name may be null (`location`); nested objects keep their
 * nullable sub-fields. No field is required, and other keys are allowed (they are never stored — the
 * save refuses unknown fields with 422 — but new fields may be added: ignore keys you do not know).
 * @throws Error when a registry field has no shape in the bodies (the registry and the DTOs disagree)
 */
export function applicationAnswersSchema(schemas: Schemas): SchemaObject {
  const saveBody = schemaNamed(schemas, SAVE_BODY).properties!;
  const submitBody = schemaNamed(schemas, SUBMIT_BODY).properties!;
  const columns = schemaNamed(schemas, RECORD).properties!;
  const properties: Record<string, SchemaObject | ReferenceObject> = {};
  for (const { name, step } of registeredFields()) {
    const shape = saveBody[name] ?? submitBody[name] ?? SUBMIT_WRITTEN[name];
    if (!shape || '$ref' in shape) throw new Error(`OpenAPI: answer field ${name} has no shape in ${SAVE_BODY} or ${SUBMIT_BODY}`);
    const { nullable, description, ...rest } = structuredClone(shape);
    const column = columns[name];
    const stepKey = APPLICATION_STEPS.find((s) => s.number === step)!.key;
    const men = APPLICATION_FIELDS[name]?.optionsForMen;
    const stored = STORED_AS[name];
    properties[name] = {
      ...rest,
      ...(stored?.example !== undefined ? { example: stored.example } : {}),
      ...(nullable && column && !('$ref' in column) && column.nullable ? { nullable: true } : {}),
      description: [`Step ${step} (${stepKey})`, description, men && `dropdown \`${men}\` for men's applications`, stored?.description]
        .filter(Boolean)
        .join('; '),
    };
  }
  return {
    type: 'object',
    description:
      'The answers of an application (spec §3 field names), as the field registry lists them (GET /api/admin/application-fields). ' +
      'Only answers saved so far are present. Option fields hold a value of the dropdown named in their description ' +
      '(GET /api/dropdowns). Other keys are never stored, but new fields may be added: ignore keys you do not know.',
    properties,
  };
}

/**
 * Publishes {@link applicationAnswersSchema} as `components.schemas.ApplicationAnswers` (referenced by
 * `AdminApplicationDetail.answers`) and makes `ApplicationRecord` what `toApplicationRecord` answers:
 * the answers merged at top level (`allOf`), then its columns, which win.
 */
export function describeApplicationAnswers(document: OpenAPIObject): void {
  const schemas = (document.components ??= {}).schemas ?? {};
  const answers = applicationAnswersSchema(schemas);
  const record = schemaNamed(schemas, RECORD);
  document.components.schemas = {
    ...schemas,
    [APPLICATION_ANSWERS_SCHEMA]: answers,
    [RECORD]: {
      description: 'The application record: every saved answer at top level (ApplicationAnswers), and the columns below, which win.',
      allOf: [{ $ref: APPLICATION_ANSWERS_REF }, record],
    },
  };
}
