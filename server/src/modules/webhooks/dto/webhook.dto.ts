import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayNotEmpty, ArrayUnique, IsArray, IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import type { WebhookEndpoint } from '../webhook-endpoint.entity.js';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../webhook-events.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** A webhook endpoint as the console lists it (`/api/admin/webhooks`); the secret is never shown again. */
export class WebhookEndpointResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'https://crm.example.edu/hooks/portal' }) url: string;
  @ApiProperty({ example: 'CRM sync' }) description: string;
  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true }) events: WebhookEventType[];
  @ApiProperty() enabled: boolean;
  @ApiProperty({ example: 'whsec_MfKQ…', description: 'the first 10 characters of the secret, to tell secrets apart' })
  secretPrefix: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) createdBy: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;

  /** Maps an entity (without the secret). */
  static from(row: WebhookEndpoint): WebhookEndpointResponse {
    return Object.assign(new WebhookEndpointResponse(), {
      id: row.id,
      url: row.url,
      description: row.description,
      events: row.events,
      enabled: row.enabled,
      secretPrefix: row.secret.slice(0, 10),
      createdBy: row.createdBy,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    });
  }
}

/** The answer to a create: the endpoint plus its signing secret, shown this once. */
export class CreatedWebhookEndpointResponse extends WebhookEndpointResponse {
  @ApiProperty({
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    description: 'Standard Webhooks secret (`whsec_` + base64 of 24 random bytes); verify signatures with it. Not retrievable later.',
  })
  secret: string;
}

/** Fields of an endpoint an admin edits (`PUT /api/admin/webhooks/:id`); each optional. */
export class UpdateWebhookEndpointDto {
  @ApiPropertyOptional({ example: 'https://crm.example.edu/hooks/portal', maxLength: 2000 })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(2000)
  url?: string;

  @ApiPropertyOptional({ example: 'CRM sync', maxLength: 200 })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(200)
  description?: string;

  @ApiPropertyOptional({ enum: WEBHOOK_EVENT_TYPES, isArray: true })
  @IsOptional()
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length)
  @ArrayUnique()
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true })
  events?: WebhookEventType[];

  @ApiPropertyOptional({ description: 'false: no new deliveries, pending ones stop (marked failed)' })
  @IsOptional()
  @IsBoolean()
  enabled?: boolean;
}

/**
 * Register an endpoint (`POST /api/admin/webhooks`): an https URL (http only for localhost outside
 * production), one or more events, an optional description; enabled unless `enabled: false`.
 */
export class CreateWebhookEndpointDto extends UpdateWebhookEndpointDto {
  // `required: true` spelled out: the parent's optional metadata would otherwise be kept in the document
  @ApiProperty({ example: 'https://crm.example.edu/hooks/portal', maxLength: 2000, required: true })
  @Transform(trim)
  @IsString()
  @MaxLength(2000)
  declare url: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true, example: ['application.submitted'], required: true })
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length)
  @ArrayUnique()
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true })
  declare events: WebhookEventType[];
}

/** One try of a delivery, from the delivery log. */
export class WebhookAttemptResponse {
  @ApiProperty({ format: 'date-time' }) attemptedAt: string;
  @ApiProperty({ nullable: true, type: Number, description: "the receiver's HTTP status; null when no answer came" })
  statusCode: number | null;
  @ApiProperty({ description: 'milliseconds from sending to the answer (or the error)' }) durationMs: number;
  @ApiProperty({ nullable: true, type: String, example: 'timeout after 10000 ms' }) error: string | null;
  @ApiProperty({ description: 'true for a redelivery asked for in the console' }) manual: boolean;
}

/** One event × endpoint (`/api/admin/webhooks/deliveries`). */
export class WebhookDeliveryResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid', description: 'also the `webhook-id` header the receiver gets' }) eventId: string;
  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES }) eventType: WebhookEventType;
  @ApiProperty({ format: 'uuid' }) endpointId: string;
  @ApiProperty() endpointUrl: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) applicationId: string | null;
  @ApiProperty({ enum: ['pending', 'succeeded', 'failed'] }) status: 'pending' | 'succeeded' | 'failed';
  @ApiProperty() attempts: number;
  @ApiProperty({ nullable: true, type: Number }) lastStatusCode: number | null;
  @ApiProperty({ nullable: true, type: String }) lastError: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'next automatic try (pending only)' })
  nextAttemptAt: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) deliveredAt: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiPropertyOptional({ type: [WebhookAttemptResponse], description: 'every try, oldest first (single delivery only)' })
  log?: WebhookAttemptResponse[];
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: 'the signed body `{ type, timestamp, data }` (single delivery only)',
  })
  payload?: unknown;
}
