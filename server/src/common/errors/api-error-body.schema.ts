/**
 * The error shape of DESIGN §4 as a JSON Schema (OpenAPI 3.0 subset): `{ success: false, code, message,
 * errors?, data? }`, `errors` mapping a dotted field path to its translated messages. Published in the
 * OpenAPI document as `components.schemas.ApiErrorBody` (every operation's `4XX`/`5XX` answer) and used
 * by the fuzz suite to check every error answer.
 */
export const API_ERROR_BODY_SCHEMA = {
  type: 'object',
  required: ['success', 'code', 'message'],
  additionalProperties: false,
  properties: {
    success: { type: 'boolean', enum: [false] },
    code: { type: 'string', pattern: '^[A-Z]{2,5}-[0-9A-Za-z-]+$', example: 'VAL-001' },
    message: { type: 'string', minLength: 1, description: "in the caller's language (Accept-Language)" },
    errors: {
      type: 'object',
      description: 'field errors (422): dotted field path → translated messages',
      additionalProperties: { type: 'array', items: { type: 'string' } },
    },
    data: { description: 'extra payload of some codes (e.g. the current record with APP-409)' },
  },
} as const;
