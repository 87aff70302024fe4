import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { PROGRAM_GROUPS, SECTION_FLAGS, type Gender, type Program, type ProgramGroup, type SectionFlags } from '../../program.entity.js';
import type { AdmissionRound, Offering } from '../../offering.entity.js';
import type { LocalizedText, Term } from '../../term.entity.js';

/** An instant with its offset (`Z` or `±hh:mm`), stored in UTC. */
const WITH_OFFSET = /T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A text in en, es and zh-CN (each 1–200 characters). */
export class LocalizedTextDto implements LocalizedText {
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(200) en: string;
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(200) es: string;
  @ApiProperty({ name: 'zh-CN' }) @IsString() @MinLength(1) @MaxLength(200) 'zh-CN': string;
}

// ---------------------------------------------------------------------------------------------------
// Programs

/** A program (field of interest) in the console (`/api/admin/programs`; issue 25). */
export class AdminProgramResponse {
  @ApiProperty() id: number;
  @ApiProperty({ enum: ['female', 'male'] }) gender: Gender;
  @ApiProperty({ description: 'the wire value of `fieldOfInterest`' }) name: string;
  @ApiProperty({ enum: PROGRAM_GROUPS }) program: ProgramGroup;
  @ApiProperty({ type: LocalizedTextDto, description: 'the shown name per language' }) labels: LocalizedText;
  @ApiProperty({ type: LocalizedTextDto, description: "the popup's title per language" }) titles: LocalizedText;
  @ApiProperty({ minimum: 1, maximum: 12, description: 'number of semesters (popup)' }) semesters: number;
  @ApiProperty({ description: 'degree-conferring college (popup)' }) college: string;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'boolean' }, description: 'section flags of spec §3' })
  flags: SectionFlags;
  @ApiProperty() sortOrder: number;
  @ApiProperty({ description: 'archived programs offer nothing and are kept for the applications that name them' }) archived: boolean;

  /** Maps an entity. */
  static from(row: Program): AdminProgramResponse {
    return Object.assign(new AdminProgramResponse(), {
      id: row.id,
      gender: row.gender,
      name: row.name,
      program: row.program,
      labels: { en: row.label, es: row.translations.es?.label ?? row.label, 'zh-CN': row.translations['zh-CN']?.label ?? row.label },
      titles: {
        en: row.popup.title,
        es: row.translations.es?.title ?? row.popup.title,
        'zh-CN': row.translations['zh-CN']?.title ?? row.popup.title,
      },
      semesters: row.popup.semesters,
      college: row.popup.college,
      flags: { ...row.flags },
      sortOrder: row.sortOrder,
      archived: row.archived,
    });
  }
}

/** Section flags; each absent flag is false. */
export class SectionFlagsDto implements Partial<SectionFlags> {
  @ApiPropertyOptional() @IsOptional() @IsBoolean() highSchool?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() bachelor?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() master?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() references?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() unofficialGraduateTranscript?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() undergraduateTranscript?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() highSchoolTranscript?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() gre?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() recommendationLetters?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() resume?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() essay?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() personalStatement?: boolean;
}

/** All twelve flags from a partial set (absent: false). */
export function fullFlags(dto: Partial<SectionFlags> | undefined): SectionFlags {
  return Object.fromEntries(SECTION_FLAGS.map((flag) => [flag, dto?.[flag] === true])) as unknown as SectionFlags;
}

/** Create (`POST`) or replace (`PUT`) a program. The name of a program applications use cannot change (409 CAT-409-in-use). */
export class AdminProgramDto {
  @ApiProperty({ enum: ['female', 'male'] }) @IsIn(['female', 'male']) gender: Gender;
  @ApiProperty() @IsString() @Matches(/\S/) @MaxLength(100) name: string;
  @ApiProperty({ enum: PROGRAM_GROUPS }) @IsIn(PROGRAM_GROUPS) program: ProgramGroup;
  @ApiProperty({ type: LocalizedTextDto }) @IsObject() @ValidateNested() @Type(() => LocalizedTextDto) labels: LocalizedTextDto;
  @ApiProperty({ type: LocalizedTextDto }) @IsObject() @ValidateNested() @Type(() => LocalizedTextDto) titles: LocalizedTextDto;
  @ApiProperty({ minimum: 1, maximum: 12 }) @IsInt() @Min(1) @Max(12) semesters: number;
  @ApiProperty() @IsString() @MinLength(1) @MaxLength(200) college: string;
  @ApiPropertyOptional({ type: SectionFlagsDto })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => SectionFlagsDto)
  flags?: SectionFlagsDto;
  @ApiPropertyOptional({ default: 0 }) @IsOptional() @IsInt() @Min(0) @Max(1_000_000) sortOrder?: number;
  @ApiPropertyOptional({ default: false }) @IsOptional() @IsBoolean() archived?: boolean;
}

// ---------------------------------------------------------------------------------------------------
// Terms

/** A term in the console (`/api/admin/terms`; issue 25). */
export class AdminTermResponse {
  @ApiProperty() id: number;
  @ApiProperty({ description: 'the wire value of `semesterApplied`' }) key: string;
  @ApiProperty({ type: LocalizedTextDto }) labels: LocalizedText;
  @ApiProperty({ format: 'date', description: 'first day of classes (YYYY-MM-DD)' }) startsOn: string;
  @ApiProperty() archived: boolean;

  /** Maps an entity. */
  static from(row: Term): AdminTermResponse {
    return Object.assign(new AdminTermResponse(), {
      id: row.id,
      key: row.key,
      labels: { ...row.labels },
      startsOn: row.startsOn,
      archived: row.archived,
    });
  }
}

/** Create or replace a term. The key of a term applications use cannot change (409 CAT-409-in-use). */
export class AdminTermDto {
  @ApiProperty({ description: '1–50 characters' }) @IsString() @Matches(/\S/) @MaxLength(50) key: string;
  @ApiProperty({ type: LocalizedTextDto }) @IsObject() @ValidateNested() @Type(() => LocalizedTextDto) labels: LocalizedTextDto;
  @ApiProperty({ format: 'date', description: 'YYYY-MM-DD' }) @IsISO8601({ strict: true }) @Matches(/^\d{4}-\d{2}-\d{2}$/) startsOn: string;
  @ApiPropertyOptional({ default: false }) @IsOptional() @IsBoolean() archived?: boolean;
}

/**
 * `POST /api/admin/terms/{id}/roll-over`: copy the term's offerings (archived ones left behind) to a new
 * term, every date moved by `months`. `dryRun`: answer what would be created, create nothing. The new key,
 * labels and first day default to the source's moved by whole years of `months`.
 */
export class RollOverDto {
  @ApiPropertyOptional({ default: 12, minimum: 1, maximum: 36 }) @IsOptional() @IsInt() @Min(1) @Max(36) months?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() @Matches(/\S/) @MaxLength(50) key?: string;
  @ApiPropertyOptional({ type: LocalizedTextDto })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => LocalizedTextDto)
  labels?: LocalizedTextDto;
  @ApiPropertyOptional({ format: 'date' }) @IsOptional() @IsISO8601({ strict: true }) @Matches(/^\d{4}-\d{2}-\d{2}$/) startsOn?: string;
  @ApiPropertyOptional({ default: false }) @IsOptional() @IsBoolean() dryRun?: boolean;
}

// ---------------------------------------------------------------------------------------------------
// Offerings

/** A round of an offering. */
export class AdmissionRoundDto implements AdmissionRound {
  @ApiProperty({ example: 'priority', description: '[a-z0-9-]{1,30}' }) @IsString() @Matches(/^[a-z0-9-]{1,30}$/) key: string;
  @ApiProperty({ type: LocalizedTextDto }) @IsObject() @ValidateNested() @Type(() => LocalizedTextDto) labels: LocalizedTextDto;
  @ApiProperty({ format: 'date-time', description: 'ISO 8601 with offset; answered in UTC' })
  @IsISO8601({ strict: true })
  @Matches(WITH_OFFSET, { message: 'deadlineAt must carry an offset (Z or ±hh:mm)' })
  deadlineAt: string;
}

/** An offering in the console (`/api/admin/offerings`; issue 25). Instants in UTC, money in integer cents. */
export class AdminOfferingResponse {
  @ApiProperty() id: number;
  @ApiProperty() programId: number;
  @ApiProperty() termId: number;
  @ApiProperty({ enum: ['female', 'male'], description: "the program's" }) gender: Gender;
  @ApiProperty({ description: "the program's name" }) fieldOfInterest: string;
  @ApiProperty({ description: "the term's key" }) semester: string;
  @ApiProperty({ type: [String] }) locations: string[];
  @ApiProperty({ format: 'date-time' }) opensAt: string;
  @ApiProperty({ format: 'date-time' }) closesAt: string;
  @ApiProperty({ description: 'days after the close a draft may still be submitted' }) graceDays: number;
  @ApiProperty({ type: [AdmissionRoundDto], description: 'by deadline' }) rounds: AdmissionRound[];
  @ApiProperty({ description: 'integer cents' }) applicationFeeCents: number;
  @ApiProperty({ description: 'integer cents' }) lateFeeCents: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'the late fee applies after this instant; null: never' })
  lateFeeStartsAt: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'null: no limit' }) seats: number | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'reply deadline given at release (issue 29); null: none' })
  replyDeadlineAt: string | null;
  @ApiProperty({ description: 'admitted applicants of the program may ask to defer to this offering' }) acceptsDeferrals: boolean;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'enrollment deposit after accepting, integer cents (issue 29 item 2); null: none',
  })
  depositCents: number | null;
  @ApiProperty({ description: 'a paid deposit may be refunded (otherwise only with an admin override)' }) depositRefundable: boolean;
  @ApiProperty({ type: Number, nullable: true, description: 'days after the acceptance the deposit is due; null: no deadline' })
  depositDueDays: number | null;
  @ApiProperty({ description: 'an accepted offer whose deposit is unpaid at its deadline lapses (its seat is freed)' })
  lapseUnpaidDeposits: boolean;
  @ApiProperty({ description: 'the office may close an offering before its window ends' }) open: boolean;
  @ApiProperty() archived: boolean;
  @ApiProperty({ description: 'takes applications now (open, not archived, inside its window)' }) acceptingNow: boolean;

  /** Maps an entity with its program's and term's names. */
  static from(
    row: Offering,
    names: { gender: Gender; fieldOfInterest: string; semester: string },
    acceptingNow: boolean,
  ): AdminOfferingResponse {
    return Object.assign(new AdminOfferingResponse(), {
      id: row.id,
      programId: row.programId,
      termId: row.termId,
      ...names,
      locations: [...row.locations],
      opensAt: row.opensAt.toISOString(),
      closesAt: row.closesAt.toISOString(),
      graceDays: row.graceDays,
      rounds: row.rounds.map((round) => ({ ...round, deadlineAt: new Date(round.deadlineAt).toISOString() })),
      applicationFeeCents: row.applicationFeeCents,
      lateFeeCents: row.lateFeeCents,
      lateFeeStartsAt: row.lateFeeStartsAt?.toISOString() ?? null,
      seats: row.seats,
      replyDeadlineAt: row.replyDeadlineAt?.toISOString() ?? null,
      acceptsDeferrals: row.acceptsDeferrals,
      depositCents: row.depositCents,
      depositRefundable: row.depositRefundable,
      depositDueDays: row.depositDueDays,
      lapseUnpaidDeposits: row.lapseUnpaidDeposits,
      open: row.open,
      archived: row.archived,
      acceptingNow,
    });
  }
}

/** Create or replace an offering. `closesAt` after `opensAt` (422 VAL-001 otherwise); round keys unique. */
export class AdminOfferingDto {
  @ApiProperty() @IsInt() @Min(1) programId: number;
  @ApiProperty() @IsInt() @Min(1) termId: number;
  @ApiPropertyOptional({ type: [String], default: [], description: 'empty: applicants choose no location' })
  @IsOptional()
  @ArrayMaxSize(30)
  @ArrayUnique()
  @IsString({ each: true })
  @Matches(/\S/, { each: true })
  @MaxLength(60, { each: true })
  locations?: string[];
  @ApiProperty({ format: 'date-time' }) @IsISO8601({ strict: true }) @Matches(WITH_OFFSET) opensAt: string;
  @ApiProperty({ format: 'date-time' }) @IsISO8601({ strict: true }) @Matches(WITH_OFFSET) closesAt: string;
  @ApiPropertyOptional({ default: 0, minimum: 0, maximum: 365 }) @IsOptional() @IsInt() @Min(0) @Max(365) graceDays?: number;
  @ApiPropertyOptional({ type: [AdmissionRoundDto], default: [] })
  @IsOptional()
  @ArrayMaxSize(10)
  @ValidateNested({ each: true })
  @Type(() => AdmissionRoundDto)
  rounds?: AdmissionRoundDto[];
  @ApiProperty({ description: 'integer cents' }) @IsInt() @Min(0) @Max(100_000_000) applicationFeeCents: number;
  @ApiPropertyOptional({ default: 0, description: 'integer cents' }) @IsOptional() @IsInt() @Min(0) @Max(100_000_000) lateFeeCents?: number;
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsISO8601({ strict: true })
  @Matches(WITH_OFFSET)
  lateFeeStartsAt?: string | null;
  @ApiPropertyOptional({ type: Number, nullable: true })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  seats?: number | null;
  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true, description: 'reply deadline given at release (issue 29)' })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsISO8601({ strict: true })
  @Matches(WITH_OFFSET)
  replyDeadlineAt?: string | null;
  @ApiPropertyOptional({ default: false, description: 'admitted applicants of the program may ask to defer to this offering' })
  @IsOptional()
  @IsBoolean()
  acceptsDeferrals?: boolean;
  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description: 'enrollment deposit an admitted applicant pays after accepting, integer cents (issue 29 item 2); null or 0: none',
  })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsInt()
  @Min(0)
  @Max(100_000_000)
  depositCents?: number | null;
  @ApiPropertyOptional({ default: false, description: 'a paid deposit may be refunded without an admin override' })
  @IsOptional()
  @IsBoolean()
  depositRefundable?: boolean;
  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    minimum: 1,
    maximum: 365,
    description: 'days after the acceptance the deposit is due; null: no deadline',
  })
  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsInt()
  @Min(1)
  @Max(365)
  depositDueDays?: number | null;
  @ApiPropertyOptional({
    default: false,
    description: "the office's setting: accepted offers whose deposit is unpaid at the deadline lapse",
  })
  @IsOptional()
  @IsBoolean()
  lapseUnpaidDeposits?: boolean;
  @ApiPropertyOptional({ default: true }) @IsOptional() @IsBoolean() open?: boolean;
  @ApiPropertyOptional({ default: false }) @IsOptional() @IsBoolean() archived?: boolean;
}

/** What a roll-over creates (or, with `dryRun`, would create). */
export class RollOverResponse {
  @ApiProperty() dryRun: boolean;
  @ApiProperty({ type: AdminTermResponse, description: 'id 0 in a dry run' }) term: AdminTermResponse;
  @ApiProperty({ type: [AdminOfferingResponse], description: 'ids 0 in a dry run' }) offerings: AdminOfferingResponse[];
}
