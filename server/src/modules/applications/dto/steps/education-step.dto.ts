import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, ValidateNested } from 'class-validator';
import { IsCeebCode } from '../../../../common/validation/formats.js';
import { OptionalOption, OptionalText, OptionalUsDate } from '../../../../common/validation/optional-fields.js';
import { CollegeCourseDto } from './nested.dto.js';

/**
 * Step 3 — Education (DESIGN §3): high school, bachelor and master (each shown by its program flag),
 * seminary, Israel program, and college-level or AP courses (a list of {college, name}; the record
 * starts with one blank row). Dates MM/DD/YYYY (a completion date may be expected, i.e. future).
 */
export class EducationStepDto {
  @OptionalText(200) highSchoolName?: string | null;
  @OptionalText(200) highSchoolCityStateCountry?: string | null;
  @OptionalUsDate() highSchoolGraduationDate?: string | null;
  @OptionalText(200) bachelorCollege?: string | null;
  @OptionalText(200) bachelorDegree?: string | null;
  @OptionalText(200) bachelorMajor?: string | null;
  @OptionalUsDate() bachelorCompletionDate?: string | null;
  @OptionalText(200) masterCollege?: string | null;
  @OptionalText(200) masterDegree?: string | null;
  @OptionalText(200) masterMajor?: string | null;
  @OptionalUsDate() masterCompletionDate?: string | null;
  @OptionalOption('yesNo') seminary?: string | null;
  @OptionalOption('seminaries') seminaryName?: string | null;
  @OptionalText(200) seminaryNameOther?: string | null;
  @OptionalText(200) seminaryCityStateCountry?: string | null;
  @ApiPropertyOptional({ type: String, example: '123456', nullable: true, description: 'CEEB code, 4–6 digits' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value))
  @IsOptional()
  @IsCeebCode()
  seminaryCeeb?: string | null;
  @OptionalOption('yesNo') attendingSeminary?: string | null;
  @OptionalText(200) priorToSeminary?: string | null;
  @OptionalOption('yesNo') israelOption?: string | null;
  @OptionalOption('israelPrograms') israelOptionName?: string | null;
  @OptionalText(200) israelOptionCollege?: string | null;
  @OptionalOption('yesNo') haveYouPassedCollegeLevelOrAPCourses?: string | null;
  @ApiPropertyOptional({ type: [CollegeCourseDto], nullable: true, maxItems: 20, description: "blank rows are {college: '', name: ''}" })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => CollegeCourseDto)
  passedCollegeLevelOrAPCourses?: CollegeCourseDto[] | null;
}
