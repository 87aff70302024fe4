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

class CourseDto {
  @ApiProperty({ example: 'Spring 2026' }) semester: string;
  @ApiProperty({ type: [String], example: ['Boro Park', 'Online'] }) locations: string[];
}

/** A field of interest on the wire (DESIGN §4); `label` and `popup.title` in the caller's `Accept-Language` (issue 11). */
export class ProgramResponse {
  @ApiProperty({ description: "stable key, stored as the application's fieldOfInterest" }) name: string;
  @ApiProperty({ enum: ['underGraduate', 'graduate', 'postGraduate', 'preRequisite'] }) program: string;
  @ApiProperty({ description: "shown name, in the caller's language" }) label: string;
  @ApiProperty({ type: PopupDto, description: "popup; its title in the caller's language (the college is a proper name)" }) popup: PopupDto;
  @ApiProperty({ type: [CourseDto], description: 'empty: the program lists no courses (any semester of the gender, no location)' })
  courses: CourseDto[];
  @ApiProperty({ description: 'section flags of spec §3', type: 'object', additionalProperties: { type: 'boolean' } })
  flags: Record<string, boolean>;

  /** A program's label and popup title in `locale` (English where the language has none). */
  static textsOf(row: Program, locale: Locale): { label: string; title: string } {
    const translated = locale === 'en' ? undefined : row.translations?.[locale];
    return { label: translated?.label ?? row.label, title: translated?.title ?? row.popup.title };
  }

  /** Maps an entity to the wire shape, texts in `locale`. */
  static from(row: Program, locale: Locale = 'en'): ProgramResponse {
    const texts = ProgramResponse.textsOf(row, locale);
    return Object.assign(new ProgramResponse(), {
      name: row.name,
      program: row.program,
      label: texts.label,
      popup: { ...row.popup, title: texts.title },
      courses: row.courses,
      flags: { ...row.flags },
    });
  }
}

/** A semester offered to a gender. */
export class SemesterResponse {
  @ApiProperty({ example: 'Spring 2026' }) name: string;
  @ApiProperty({ example: '2026-01', description: 'month the semester begins (YYYY-MM)' }) begins: string;
  @ApiProperty({ example: 'Otoño 2026', description: "the name in the caller's Accept-Language (issue 11)" }) label: string;
}
