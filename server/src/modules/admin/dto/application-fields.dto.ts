import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { APPLICATION_STEPS } from '../../applications/application-steps.js';
import { COURSE_TABLES, PREREQUISITE_SUBJECTS, type FieldFamily } from '../../applications/application-fields.js';

const STEP_KEYS = APPLICATION_STEPS.map((s) => s.key);

/** One step of the application form (DESIGN §3). */
export class ApplicationStepDto {
  @ApiProperty({ minimum: 1, maximum: 8, example: 1 }) number: number;
  @ApiProperty({ enum: STEP_KEYS, description: 'stable key: i18n labels, the time log, the funnel', example: 'personal' })
  key: string;
}

/**
 * The family of a step-5 field: a row of a course table (`kind: 'course'`, `table`, `row`) or one half of a
 * prerequisite subject (`kind: 'subject'`, `subject`, `part`).
 */
export class FieldFamilyDto {
  @ApiProperty({ enum: ['course', 'subject'] }) kind: 'course' | 'subject';
  @ApiPropertyOptional({ enum: Object.keys(COURSE_TABLES), description: 'course rows only', example: 'OTDCourse' })
  table?: string;
  @ApiPropertyOptional({ minimum: 1, description: 'course rows only: the row number (OTDCourse3 → 3)' })
  row?: number;
  @ApiPropertyOptional({ enum: PREREQUISITE_SUBJECTS, description: 'subject pairs only', example: 'math' })
  subject?: string;
  @ApiPropertyOptional({ enum: ['prerequisite', 'info'], description: 'subject pairs only: `<subject>Prerequisite` or `<subject>Info`' })
  part?: 'prerequisite' | 'info';

  /** The DTO of a registry family. */
  static from(family: FieldFamily): FieldFamilyDto {
    return Object.assign(new FieldFamilyDto(), family);
  }
}

/** One answer field of the application record (spec §3 name) and the step it is asked on. */
export class ApplicationFieldDto {
  @ApiProperty({ description: 'spec §3 name: the key in `answers`', example: 'fatherFirstName' }) name: string;
  @ApiProperty({ minimum: 1, maximum: 8, example: 2 }) step: number;
  @ApiPropertyOptional({ type: FieldFamilyDto, description: 'step-5 course rows and subject pairs only' })
  family?: FieldFamilyDto;
}

/** `GET /api/admin/application-fields`: the form's steps and every answer field in form order. */
export class ApplicationFieldsResponse {
  @ApiProperty({ type: [ApplicationStepDto], description: 'steps 1–8 in order' }) steps: ApplicationStepDto[];
  @ApiProperty({ type: [ApplicationFieldDto], description: 'every answer field, by step, each step in form order' })
  fields: ApplicationFieldDto[];
}
