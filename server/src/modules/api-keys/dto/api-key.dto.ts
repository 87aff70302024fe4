import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  ArrayUnique,
  IsArray,
  IsIn,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import { API_KEY_SCOPES, type ApiKeyScope } from '../api-key-scopes.js';
import type { ApiKey } from '../api-key.entity.js';

/** An API key as the console lists it (`/api/admin/api-keys`); the key itself is never shown again. */
export class ApiKeyResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ example: 'CRM sync' }) name: string;
  @ApiProperty({ example: 'pak_3kT9xQ1b', description: 'the first 12 characters of the key' }) prefix: string;
  @ApiProperty({ enum: API_KEY_SCOPES, isArray: true }) scopes: ApiKeyScope[];
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'null: never expires' }) expiresAt: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'to the minute' }) lastUsedAt: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) revokedAt: string | null;
  @ApiProperty({ enum: ['active', 'expired', 'revoked'] }) state: 'active' | 'expired' | 'revoked';
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'the admin who created it' }) createdBy: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;

  /** Maps an entity. */
  static from(row: ApiKey, now = new Date()): ApiKeyResponse {
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    return Object.assign(new ApiKeyResponse(), {
      id: row.id,
      name: row.name,
      prefix: row.prefix,
      scopes: row.scopes,
      expiresAt: iso(row.expiresAt),
      lastUsedAt: iso(row.lastUsedAt),
      revokedAt: iso(row.revokedAt),
      state: row.revokedAt ? 'revoked' : row.expiresAt && row.expiresAt <= now ? 'expired' : 'active',
      createdBy: row.createdBy,
      createdAt: row.createdAt.toISOString(),
    });
  }
}

/** The answer to a create: the record plus the key, shown this once. */
export class CreatedApiKeyResponse extends ApiKeyResponse {
  @ApiProperty({ example: 'pak_3kT9xQ1b…', description: 'send as `Authorization: Bearer <key>`; not retrievable later' }) key: string;
}

/**
 * Create an API key (`POST /api/admin/api-keys`): a name (1–100 characters), one or more scopes and an
 * optional expiry in the future (ISO 8601 date-time; omitted or null: never expires).
 */
export class CreateApiKeyDto {
  @ApiProperty({ example: 'CRM sync', maxLength: 100 })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name: string;

  @ApiProperty({ enum: API_KEY_SCOPES, isArray: true, example: ['applications:read'] })
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(API_KEY_SCOPES.length)
  @ArrayUnique()
  @IsIn(API_KEY_SCOPES, { each: true })
  scopes: ApiKeyScope[];

  @ApiPropertyOptional({ format: 'date-time', nullable: true, type: String })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsISO8601({ strict: true })
  expiresAt?: string | null;
}
