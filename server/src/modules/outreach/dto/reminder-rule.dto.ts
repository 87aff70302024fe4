import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsUUID, Max, Min } from 'class-validator';
import { RULE_KINDS, type OutreachRule, type RuleKind } from '../outreach-rule.entity.js';

/**
 * Body of `PUT /api/admin/reminder-rules/{id}` (issue 30 item 3): what the office switches on and tunes. A
 * template that does not exist → 422 VAL-001 on `templateId`.
 */
export class ReminderRuleDto {
  @ApiProperty({ description: 'on: the rule runs with the `outreach-rules` job' })
  @IsBoolean()
  enabled: boolean;

  @ApiProperty({
    minimum: 1,
    maximum: 365,
    example: 7,
    description:
      'N, whole days: idle (draft_idle), since certification (fee_unpaid), before the round deadline (document_missing), ' +
      'since the request (recommender_unanswered), before the reply deadline (reply_deadline)',
  })
  @IsInt()
  @Min(1)
  @Max(365)
  days: number;

  @ApiProperty({ format: 'uuid', description: 'the message template sent (in the applicant’s language)' })
  @IsUUID('all')
  templateId: string;

  @ApiProperty({
    minimum: 1,
    maximum: 20,
    example: 2,
    description: 'K: this rule sends only while the applicant received fewer than K reminders (any rule) in the last 7 days',
  })
  @IsInt()
  @Min(1)
  @Max(20)
  weeklyCap: number;
}

/** An automatic reminder rule. */
export class ReminderRuleResponse {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: RULE_KINDS }) kind: RuleKind;
  @ApiProperty() enabled: boolean;
  @ApiProperty({ minimum: 1, maximum: 365, description: 'N days (see ReminderRuleDto.days)' }) days: number;
  @ApiProperty({ format: 'uuid' }) templateId: string;
  @ApiProperty({ minimum: 1, maximum: 20, description: 'K reminders per applicant per 7 days' }) weeklyCap: number;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;

  static from(row: OutreachRule): ReminderRuleResponse {
    return Object.assign(new ReminderRuleResponse(), {
      id: row.id,
      kind: row.kind,
      enabled: row.enabled,
      days: row.days,
      templateId: row.templateId,
      weeklyCap: row.weeklyCap,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    });
  }
}
