import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsEmail, IsIn, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { IsPastUsDate, IsPhone, IsUsDate, IsUsZip, US_DATE_PATTERN } from './formats.js';

/**
 * Composite decorators for the fields of a form step saved while typing (DESIGN §3 autosave): every
 * field is optional, and an empty string or null clears it. Strings are trimmed and bounded.
 */
const emptyToNull = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? (value.trim() === '' ? null : value.trim()) : value));

/** Optional free text, at most `max` characters (default 100). */
export const OptionalText = (max = 100, description?: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: String, maxLength: max, nullable: true, description }),
    emptyToNull(),
    IsOptional(),
    IsString(),
    MaxLength(max),
  );

/** Optional e-mail address. */
export const OptionalEmail = () =>
  applyDecorators(
    ApiPropertyOptional({ type: String, format: 'email', nullable: true }),
    emptyToNull(),
    IsOptional(),
    IsEmail(),
    MaxLength(254),
  );

/** Optional phone number. */
export const OptionalPhone = () =>
  applyDecorators(ApiPropertyOptional({ type: String, example: '(718) 555-0100', nullable: true }), emptyToNull(), IsOptional(), IsPhone());

/** Optional date written MM/DD/YYYY. */
export const OptionalUsDate = () =>
  applyDecorators(
    ApiPropertyOptional({ type: String, pattern: US_DATE_PATTERN, example: '01/31/2000', nullable: true, description: 'MM/DD/YYYY' }),
    emptyToNull(),
    IsOptional(),
    IsUsDate(),
  );

/** Optional US ZIP code. */
export const OptionalZip = () =>
  applyDecorators(ApiPropertyOptional({ type: String, example: '11230', nullable: true }), emptyToNull(), IsOptional(), IsUsZip());

/** Optional yes/no flag. */
export const OptionalBoolean = () => applyDecorators(ApiPropertyOptional({ type: Boolean, nullable: true }), IsOptional(), IsBoolean());

/** Optional value from a fixed list. */
export const OptionalChoice = (values: readonly string[]) =>
  applyDecorators(ApiPropertyOptional({ type: String, enum: values, nullable: true }), emptyToNull(), IsOptional(), IsIn(values));

/** Optional date written MM/DD/YYYY, not after today. */
export const OptionalPastUsDate = () =>
  applyDecorators(
    ApiPropertyOptional({ type: String, pattern: US_DATE_PATTERN, example: '01/31/2000', nullable: true, description: 'MM/DD/YYYY' }),
    emptyToNull(),
    IsOptional(),
    IsPastUsDate(),
  );

/**
 * Optional value of an admin-managed option list: text here; the value is checked against the CURRENT
 * options of dropdown `dropdownKey` by the service (so an admin's edit applies at once).
 */
export const OptionalOption = (dropdownKey: string) =>
  applyDecorators(
    ApiPropertyOptional({
      type: String,
      nullable: true,
      maxLength: 200,
      description: `one of the current option values of dropdown \`${dropdownKey}\``,
    }),
    emptyToNull(),
    IsOptional(),
    IsString(),
    MaxLength(200),
  );

/**
 * A property that may be left out but is never `null` (a column that cannot be empty): `@IsOptional()`
 * would let `null` through to a NOT NULL column (a 500); this validates every value but `undefined`, so
 * `null` gets the property's own 422 (issue 26 item 4).
 */
export const OmittableNotNull = () => ValidateIf((_object, value) => value !== undefined);
