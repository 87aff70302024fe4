import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsNotEmpty, IsOptional, IsString, MaxLength, registerDecorator, ValidateNested } from 'class-validator';
import type { Locale } from '../../../common/i18n/i18n.service.js';
import type { Dropdown } from '../dropdown.entity.js';
import { byLocale, labelIn, missingLocales, type LocalizedLabel, type ShownOption } from '../dropdowns.seed-data.js';

const LABEL_KEYS = new Set(['en', 'es', 'zh-CN']);

/** Whether `value` is a label as admins send it: a non-empty string, or `{en, es?, zh-CN?}` with a non-empty `en`. */
function isLabelInput(value: unknown): boolean {
  if (typeof value === 'string') return value.trim().length > 0 && value.length <= 200;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const entries = Object.entries(value as Record<string, unknown>);
  const en = (value as Record<string, unknown>).en;
  return (
    typeof en === 'string' &&
    en.trim().length > 0 &&
    entries.every(([key, text]) => LABEL_KEYS.has(key) && typeof text === 'string' && text.length <= 200)
  );
}

/** An option label: text (English only, the shape before issue 11) or `{en, es, zh-CN}`. Message `validation.isLocalizedLabel`. */
function IsLabelInput(): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isLocalizedLabel',
      target: target.constructor,
      propertyName: String(propertyName),
      validator: { validate: isLabelInput },
    });
}

/** An option's label in each language (issue 11 item 3); a missing or empty es/zh-CN label is shown in English. */
export class LocalizedLabelDto {
  @ApiProperty({ example: 'Married' }) en: string;
  @ApiPropertyOptional({ example: 'Casado/a' }) es?: string;
  @ApiPropertyOptional({ example: '已婚' }) 'zh-CN'?: string;
}

/**
 * One option of a list as an admin sends it: the stored `value` and its `label`, either per language
 * (`{en, es, zh-CN}`) or, as before issue 11, one text that sets the English label and keeps the
 * option's other languages.
 */
export class DropdownOptionDto {
  @ApiProperty() @IsString() @IsNotEmpty() @MaxLength(200) value: string;
  @ApiProperty({ oneOf: [{ type: 'string', maxLength: 200 }, { $ref: '#/components/schemas/LocalizedLabelDto' }] })
  @IsLabelInput()
  label: string | LocalizedLabelDto;
}

/** Body of `POST /api/dropdowns/{id}` and `PUT /api/admin/dropdowns/{id}`: the edited list. Extra read-only fields (id, key, updated_at, missingTranslations) are accepted and ignored. */
export class UpdateDropdownDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty() @MaxLength(200) label?: string;
  @ApiProperty({ type: [DropdownOptionDto] })
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => DropdownOptionDto)
  options: DropdownOptionDto[];
  @ApiPropertyOptional({ type: Number, readOnly: true, description: 'echoed back from the read; ignored' }) @IsOptional() id?: unknown;
  @ApiPropertyOptional({ type: String, readOnly: true, description: 'echoed back from the read; ignored' }) @IsOptional() key?: unknown;
  @ApiPropertyOptional({ type: String, format: 'date-time', readOnly: true, description: 'echoed back from the read; ignored' })
  @IsOptional()
  updated_at?: unknown;
  @ApiPropertyOptional({ type: Boolean, readOnly: true, description: 'echoed back from the read; ignored' })
  @IsOptional()
  computed?: unknown;
  @ApiPropertyOptional({ type: Number, readOnly: true, description: 'echoed back from the admin read; ignored' })
  @IsOptional()
  missingTranslations?: unknown;
}

/** An option as the forms get it: the value and the label in the caller's language. */
export class ShownOptionDto {
  @ApiProperty() value: string;
  @ApiProperty({ description: "the label in the caller's Accept-Language (English when that language's label is missing)" }) label: string;
}

/** An option with its label in every language (the admin shape). */
export class LocalizedOptionDto {
  @ApiProperty() value: string;
  @ApiProperty({ type: LocalizedLabelDto }) label: LocalizedLabel;
}

/** A dropdown on the wire for the forms (`GET /api/dropdowns`, DESIGN §4): `{id, key, label, options, updated_at}`, labels in one language. */
export class DropdownResponse {
  @ApiProperty() id: number;
  @ApiProperty({ example: 'maritalStatus' }) key: string;
  @ApiProperty() label: string;
  @ApiProperty({ type: [ShownOptionDto] }) options: ShownOption[];
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ description: 'true for lists computed by the server (card years), which cannot be edited' }) computed: boolean;

  /** Maps an entity to the wire shape, labels in `locale`. */
  static from(row: Dropdown, locale: Locale, computed = false): DropdownResponse {
    return Object.assign(new DropdownResponse(), {
      id: row.id,
      key: row.key,
      label: row.label,
      options: row.options.map((o) => ({ value: o.value, label: labelIn(o.label, locale) })),
      updated_at: row.updatedAt.toISOString(),
      computed,
    });
  }
}

/** A dropdown for Manage Dropdowns (`/api/admin/dropdowns`): every label in every language, and how many are missing. */
export class AdminDropdownResponse {
  @ApiProperty() id: number;
  @ApiProperty({ example: 'maritalStatus' }) key: string;
  @ApiProperty() label: string;
  @ApiProperty({ type: [LocalizedOptionDto] }) options: LocalizedOptionDto[];
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ description: 'true for lists computed by the server (card years), which cannot be edited' }) computed: boolean;
  @ApiProperty({ description: 'labels missing (absent or blank) over all options and languages (issue 11 item 3)' })
  missingTranslations: number;

  /** Maps an entity to the admin shape. */
  static from(row: Dropdown, computed = false): AdminDropdownResponse {
    return Object.assign(new AdminDropdownResponse(), {
      id: row.id,
      key: row.key,
      label: row.label,
      options: row.options.map((o) => ({ value: o.value, label: byLocale(o.label) })),
      updated_at: row.updatedAt.toISOString(),
      computed,
      missingTranslations: row.options.reduce((n, o) => n + missingLocales(o.label).length, 0),
    });
  }
}
