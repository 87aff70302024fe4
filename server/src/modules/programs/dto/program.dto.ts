import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import type { Locale } from '../../../common/i18n/i18n.service.js';
import type { Program } from '../program.entity.js';

/** Query of the catalogue endpoints: the applicant's gender (spec §3 "Program catalogue (by applicant gender)"). */
export class GenderQuery {
  @ApiProperty({ enum: ['female', 'male'] }) @IsIn(['female', 'male']) gender: 'female' | 'male';
}

class PopupDto {
  @ApiProperty() title: string;
  @ApiProperty({ minimum: 3, maximum: 8, description: 'number of semesters' }) semesters: number;
  @ApiProperty({ description: 'degree-conferring college' }) college: string;
}

/** An offering of the program that takes applications now (issue 25). */
export class CourseDto {
  @ApiProperty({ description: "the term's key, the wire value of `semesterApplied`" }) semester: string;
  @ApiProperty({ description: "the term's name in the caller's language" }) label: string;
  @ApiProperty({ type: [String], example: ['Boro Park', 'Online'], description: 'empty: no location is chosen' }) locations: string[];
  @ApiProperty({ format: 'date-time', description: 'applications close at this instant (UTC)' }) closesAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: "the current round's deadline (UTC); null: none ahead" })
  deadlineAt: string | null;
}

/** A field of interest on the wire (DESIGN §4); `label` and `popup.title` in the caller's `Accept-Language` (issue 11). */
export class ProgramResponse {
  @ApiProperty({ description: "stable key, stored as the application's fieldOfInterest" }) name: string;
  @ApiProperty({ enum: ['underGraduate', 'graduate', 'postGraduate', 'preRequisite'] }) program: string;
  @ApiProperty({ description: "shown name, in the caller's language" }) label: string;
  @ApiProperty({ type: PopupDto, description: "popup; its title in the caller's language (the college is a proper name)" }) popup: PopupDto;
  @ApiProperty({ type: [CourseDto], description: 'the offerings open now, by first day of classes; empty: none open now' })
  courses: CourseDto[];
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'when nothing is open now: when the next window of the program opens (UTC); else null',
  })
  nextOpensAt: string | null;
  @ApiProperty({ description: 'section flags of spec §3', type: 'object', additionalProperties: { type: 'boolean' } })
  flags: Record<string, boolean>;

  /** A program's label and popup title in `locale` (English where the language has none). */
  static textsOf(row: Program, locale: Locale): { label: string; title: string } {
    const translated = locale === 'en' ? undefined : row.translations?.[locale];
    return { label: translated?.label ?? row.label, title: translated?.title ?? row.popup.title };
  }

  /** Maps an entity and its open offerings (`open`) to the wire shape, texts in `locale`. */
  static from(row: Program, locale: Locale, open: { courses: CourseDto[]; nextOpensAt: string | null }): ProgramResponse {
    const texts = ProgramResponse.textsOf(row, locale);
    return Object.assign(new ProgramResponse(), {
      name: row.name,
      program: row.program,
      label: texts.label,
      popup: { ...row.popup, title: texts.title },
      courses: open.courses,
      nextOpensAt: open.nextOpensAt,
      flags: { ...row.flags },
    });
  }
}

/** A term with an offering open to a gender now (issue 25). */
export class SemesterResponse {
  @ApiProperty({ description: "the term's key, the wire value of `semesterApplied`" }) name: string;
  @ApiProperty({ description: 'month the term begins (YYYY-MM)' }) begins: string;
  @ApiProperty({ format: 'date', description: 'first day of classes (YYYY-MM-DD)' }) startsOn: string;
  @ApiProperty({ description: "the name in the caller's Accept-Language (issue 11)" }) label: string;
}
