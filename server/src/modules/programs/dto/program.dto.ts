import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
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

/** A field of interest on the wire (DESIGN §4). */
export class ProgramResponse {
  @ApiProperty({ description: "stable key, stored as the application's fieldOfInterest" }) name: string;
  @ApiProperty({ enum: ['underGraduate', 'graduate', 'postGraduate', 'preRequisite'] }) program: string;
  @ApiProperty() label: string;
  @ApiProperty({ type: PopupDto }) popup: PopupDto;
  @ApiProperty({ type: [CourseDto], description: 'empty: the program lists no courses (any semester of the gender, no location)' })
  courses: CourseDto[];
  @ApiProperty({ description: 'section flags of spec §3', type: 'object', additionalProperties: { type: 'boolean' } })
  flags: Record<string, boolean>;

  /** Maps an entity to the wire shape. */
  static from(row: Program): ProgramResponse {
    return Object.assign(new ProgramResponse(), {
      name: row.name,
      program: row.program,
      label: row.label,
      popup: row.popup,
      courses: row.courses,
      flags: { ...row.flags },
    });
  }
}

/** A semester offered to a gender. */
export class SemesterResponse {
  @ApiProperty({ example: 'Spring 2026' }) name: string;
  @ApiProperty({ example: '2026-01', description: 'month the semester begins (YYYY-MM)' }) begins: string;
}
