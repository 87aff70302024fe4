import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min, MinLength, ValidateIf } from 'class-validator';
import { OFFICE_ZONE } from '../../programs/cycle/admission-cycle.js';
import {
  CAMPAIGN_STATUSES,
  CAMPAIGN_ZONE_MODES,
  type CampaignStatus,
  type CampaignZoneMode,
  type OutreachCampaign,
} from '../outreach-campaign.entity.js';
import { LOCAL_TIME_PATTERN } from '../outreach-local-time.js';
import { OutreachCountsResponse } from './outreach-message.dto.js';

/**
 * Body of `POST /api/admin/campaigns` and `PUT /api/admin/campaigns/{id}` (issue 30 item 4). A segment or
 * template that does not exist → 422 VAL-001 on `segmentId` / `templateId` (OUT-422-unknown); a `sendAt` that
 * is no real date and time → 422 VAL-001 on `sendAt` (OUT-422-send-at). Once a campaign has started its
 * segment, template, `sendAt` and `zone` stay (409 OUT-409-campaign-started); name and throttle may change.
 */
export class CampaignDto {
  @ApiProperty({ minLength: 1, maxLength: 120, example: 'Finish your application' })
  @IsString()
  @MinLength(1)
  @MaxLength(120)
  name: string;

  @ApiProperty({ format: 'uuid', description: 'the segment: its applications when the campaign starts are the audience' })
  @IsUUID('all')
  segmentId: string;

  @ApiProperty({ format: 'uuid', description: 'the message template, sent in each applicant’s language' })
  @IsUUID('all')
  templateId: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}$',
    example: '2030-03-10T10:00',
    description:
      'the local wall-clock time to send at, without a zone (whose: `zone`); required to schedule. A time in the past sends at once',
  })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsString()
  @Matches(LOCAL_TIME_PATTERN)
  sendAt?: string | null;

  @ApiProperty({
    enum: CAMPAIGN_ZONE_MODES,
    description: `applicant: at sendAt in each applicant’s own time zone (the office’s, ${OFFICE_ZONE}, for an application without one); office: at sendAt in ${OFFICE_ZONE}, one instant for all`,
  })
  @IsIn(CAMPAIGN_ZONE_MODES)
  zone: CampaignZoneMode;

  @ApiProperty({ minimum: 1, maximum: 60000, example: 120, description: 'throttle: messages per minute at most (spread evenly)' })
  @IsInt()
  @Min(1)
  @Max(60000)
  perMinute: number;
}

/** A campaign with its messages' counts by status (the delivery log's rows of source `campaign`). */
export class CampaignResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ format: 'uuid' }) segmentId: string;
  @ApiProperty({ format: 'uuid' }) templateId: string;
  @ApiProperty({ type: String, nullable: true, example: '2030-03-10T10:00', description: 'local wall-clock time (see `zone`)' })
  sendAt: string | null;
  @ApiProperty({ enum: CAMPAIGN_ZONE_MODES }) zone: CampaignZoneMode;
  @ApiProperty({ example: OFFICE_ZONE, description: 'the office’s zone (`zone` office, and applications without a zone)' })
  officeZone: string;
  @ApiProperty({ minimum: 1, maximum: 60000 }) perMinute: number;
  @ApiProperty({
    enum: CAMPAIGN_STATUSES,
    description: 'draft → scheduled → running → done; paused (resumable); cancelled (final, unsent messages never go)',
  })
  status: CampaignStatus;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'the first instant it may send (zone applicant: when the earliest zone on Earth reaches sendAt)',
  })
  startsAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'when it began running' }) startedAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'when it was done or cancelled' })
  finishedAt: string | null;
  @ApiProperty({ type: OutreachCountsResponse, description: 'its messages by status; `total` = applications claimed so far' })
  counts: OutreachCountsResponse;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;

  static from(row: OutreachCampaign, counts: OutreachCountsResponse): CampaignResponse {
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    return Object.assign(new CampaignResponse(), {
      id: row.id,
      name: row.name,
      segmentId: row.segmentId,
      templateId: row.templateId,
      sendAt: row.sendAtLocal,
      zone: row.zoneMode,
      officeZone: OFFICE_ZONE,
      perMinute: row.perMinute,
      status: row.status,
      startsAt: iso(row.startsAt),
      startedAt: iso(row.startedAt),
      finishedAt: iso(row.finishedAt),
      counts,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    });
  }
}
