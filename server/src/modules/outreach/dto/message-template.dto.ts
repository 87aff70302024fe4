import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, IsIn, IsObject, IsOptional, IsString, IsUUID, Matches, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { LOCALES, type Locale } from '../../../common/i18n/i18n.service.js';
import { MESSAGE_KINDS, type LocalizedMessage, type MessageKind, type MessageTemplate } from '../message-template.entity.js';
import { MESSAGE_VARIABLES } from '../message-variables.js';

const VARIABLES = MESSAGE_VARIABLES.map((v) => `{{${v}}}`).join(' ');

/** A message's subject and body in one language. */
export class LocalizedMessageDto {
  @ApiProperty({ minLength: 1, maxLength: 200, description: `one line; variables ${VARIABLES}` })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  @Matches(/^[^\r\n]*$/)
  subject: string;

  @ApiProperty({ minLength: 1, maxLength: 20000, description: `plain text, blank lines between paragraphs; variables ${VARIABLES}` })
  @IsString()
  @MinLength(1)
  @MaxLength(20000)
  body: string;
}

/** The three languages of a template, each required. */
export class MessageTemplateContentDto {
  @ApiProperty({ type: LocalizedMessageDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => LocalizedMessageDto)
  en: LocalizedMessageDto;

  @ApiProperty({ type: LocalizedMessageDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => LocalizedMessageDto)
  es: LocalizedMessageDto;

  @ApiProperty({ type: LocalizedMessageDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => LocalizedMessageDto)
  'zh-CN': LocalizedMessageDto;
}

/**
 * Body of `POST /api/admin/message-templates` and `PUT /api/admin/message-templates/{id}`. A subject or
 * body using anything but the allowed variables is refused: 422 VAL-001 on `content.<locale>.<subject|body>`.
 */
export class MessageTemplateDto {
  @ApiProperty({ pattern: '^[a-z0-9][a-z0-9-]{0,59}$', example: 'idle-draft-reminder', description: 'stable key, unique' })
  @IsString()
  @Matches(/^[a-z0-9][a-z0-9-]{0,59}$/)
  key: string;

  @ApiProperty({ minLength: 1, maxLength: 120, example: 'Reminder: draft idle a week' })
  @IsString()
  @MinLength(1)
  @MaxLength(120)
  name: string;

  @ApiProperty({
    enum: MESSAGE_KINDS,
    description: 'transactional: always sent; marketing: respects the opt-out, carries List-Unsubscribe',
  })
  @IsIn(MESSAGE_KINDS)
  kind: MessageKind;

  @ApiProperty({ type: MessageTemplateContentDto })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => MessageTemplateContentDto)
  content: MessageTemplateContentDto;
}

/** A message template. */
export class MessageTemplateResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() key: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: MESSAGE_KINDS }) kind: MessageKind;
  @ApiProperty({ type: MessageTemplateContentDto }) content: Record<Locale, LocalizedMessage>;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;

  static from(row: MessageTemplate): MessageTemplateResponse {
    return Object.assign(new MessageTemplateResponse(), {
      id: row.id,
      key: row.key,
      name: row.name,
      kind: row.kind,
      content: row.content,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    });
  }
}

/** Body of the template preview and test send: which application to render it for, and optionally another language. */
export class TemplatePreviewDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all')
  applicationId: string;

  @ApiPropertyOptional({ enum: LOCALES, description: "absent: the application's language" })
  @IsOptional()
  @IsIn(LOCALES)
  locale?: Locale;
}

/** A message rendered for an application (preview): exactly what would be sent, with example links. */
export class RenderedMessageResponse {
  @ApiProperty({ format: 'uuid' }) templateId: string;
  @ApiProperty({ format: 'uuid' }) applicationId: string;
  @ApiProperty({ enum: MESSAGE_KINDS }) kind: MessageKind;
  @ApiProperty({ enum: LOCALES }) locale: Locale;
  @ApiProperty({ description: "the application's address" }) to: string;
  @ApiProperty() subject: string;
  @ApiProperty({ description: 'the plain-text body (with the preferences footer for marketing messages)' }) text: string;
  @ApiProperty({ description: 'the HTML body: the text escaped, paragraphs, links clickable; no tracking pixel' }) html: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'extra headers: List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) for marketing messages; none for transactional',
  })
  headers: Record<string, string>;
}
