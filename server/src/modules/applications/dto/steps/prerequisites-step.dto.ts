import { COURSE_TABLES, courseFields, PREREQUISITE_SUBJECTS, type CourseTable } from '../../application-fields.js';
import { CourseEntryDto, ObservationDto, OptionalNested, PrerequisiteDto, PrerequisiteInfoDto } from './nested.dto.js';

/**
 * Step 5 — Prerequisites (DESIGN §3): the OTD (8), MSLP (9) and Nutrition (6) course tables
 * {status, college, completion_date}, completed observation {boolean, when}, and for each prerequisite
 * subject (math, introductionToPsychology, introductionToBiology, introductionToEnglish, businessLaw,
 * introductionToProgramming) `<subject>Prerequisite` {tookCourse, howTaken} and `<subject>Info`
 * {typeClass, college, collegeOther, examTaken, examTakenOther, completion_date}.
 * The course and subject properties are declared below the class (generated from the field registry).
 */
export class PrerequisitesStepDto {
  @OptionalNested(ObservationDto) completedObservation?: ObservationDto | null;
  [field: string]: unknown;
}

for (const table of Object.keys(COURSE_TABLES) as CourseTable[]) {
  for (const name of courseFields(table)) OptionalNested(CourseEntryDto)(PrerequisitesStepDto.prototype, name);
}
for (const subject of PREREQUISITE_SUBJECTS) {
  OptionalNested(PrerequisiteDto)(PrerequisitesStepDto.prototype, `${subject}Prerequisite`);
  OptionalNested(PrerequisiteInfoDto)(PrerequisitesStepDto.prototype, `${subject}Info`);
}
