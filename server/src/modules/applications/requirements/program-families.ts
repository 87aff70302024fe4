import type { PrerequisiteSubject } from '../application-fields.js';

/**
 * The specific program flags of spec §3 ("Program category flags (derived from fieldOfInterest)"),
 * derived from the catalogue name of a field of interest (the `programs` table, seeded from the flag list's
 * names). Legacy names no gender is offered (Cyber Security, Bachelor of Professional Studies-MSW,
 * Doctorate in Counseling Psychology) are recognised too, so an old record still resolves.
 */
export interface ProgramFamily {
  isBABusinessAdministration: boolean;
  isBSAccounting: boolean;
  isBSBusinessAccounting: boolean;
  isBAEducation: boolean;
  /** Any BA Psychology track, including Data Science. */
  isPsychology: boolean;
  isDataScience: boolean;
  isMSLP: boolean;
  isSpeechPrereq: boolean;
  isMSEducation: boolean;
  isCyberSecurity: boolean;
  isMBA: boolean;
  isBPSMSW: boolean;
  isLegalStudies: boolean;
  isMSW: boolean;
  isMSNutrition: boolean;
  isNutritionPrereq: boolean;
  isOTD: boolean;
  isCounselingPsychology: boolean;
  isOTPrereq: boolean;
  isMedicalPrereq: boolean;
  isMPSABA: boolean;
  isABACertificate: boolean;
}

/** The specific flags of a field of interest (by its catalogue name). */
export function programFamily(name: string): ProgramFamily {
  const is = (n: string) => name === n;
  return {
    isBABusinessAdministration: is('BA Business Administration'),
    isBSAccounting: is('BS Accounting'),
    isBSBusinessAccounting: is('BS Business Admin with Accounting Specialization'),
    isBAEducation: is('BA Education and Special Education'),
    isPsychology: name.startsWith('BA Psychology'),
    isDataScience: is('BA Psychology - Data Science Track'),
    isMSLP: is('Master of Speech-Language Pathology'),
    isSpeechPrereq: is('Speech Prereq Courses'),
    isMSEducation: name.startsWith('MS Education and Special Education'),
    isCyberSecurity: is('Cyber Security'),
    isMBA: is('MBA'),
    isBPSMSW: is('Bachelor of Professional Studies-MSW'),
    isLegalStudies: is('Legal Studies'),
    isMSW: is('MSW'),
    isMSNutrition: is('MS Nutrition'),
    isNutritionPrereq: is('Nutrition Prereq Courses'),
    isOTD: is('OTD'),
    isCounselingPsychology: is('Doctorate in Counseling Psychology'),
    isOTPrereq: is('OT Prereq Courses'),
    isMedicalPrereq: is('Medical Prereq Courses'),
    isMPSABA: is('MPS ABA'),
    isABACertificate: is('ABA Advance Certificate'),
  };
}

/**
 * The prerequisite subjects a program asks about in step 5 (how the applicant took each: high school
 * AP / dual credit, college, or exam), in spec order. Undergraduate programs ask the subjects that
 * count toward their degree; MSW asks intro psychology and biology (its admission prerequisites);
 * Data Science and Cyber Security add programming; business degrees and legal studies add business law.
 * Every other program asks none.
 */
export function prerequisiteSubjectsOf(f: ProgramFamily): PrerequisiteSubject[] {
  const subjects = new Set<PrerequisiteSubject>();
  if (f.isPsychology)
    ['math', 'introductionToPsychology', 'introductionToBiology', 'introductionToEnglish'].forEach((s) =>
      subjects.add(s as PrerequisiteSubject),
    );
  if (f.isDataScience || f.isCyberSecurity) ['math', 'introductionToProgramming'].forEach((s) => subjects.add(s as PrerequisiteSubject));
  if (f.isBABusinessAdministration || f.isBSAccounting || f.isBSBusinessAccounting)
    ['math', 'introductionToEnglish', 'businessLaw'].forEach((s) => subjects.add(s as PrerequisiteSubject));
  if (f.isLegalStudies) ['introductionToEnglish', 'businessLaw'].forEach((s) => subjects.add(s as PrerequisiteSubject));
  if (f.isBAEducation) ['math', 'introductionToPsychology', 'introductionToEnglish'].forEach((s) => subjects.add(s as PrerequisiteSubject));
  if (f.isMSW || f.isBPSMSW) ['introductionToPsychology', 'introductionToBiology'].forEach((s) => subjects.add(s as PrerequisiteSubject));
  const order = [
    'math',
    'introductionToPsychology',
    'introductionToBiology',
    'introductionToEnglish',
    'businessLaw',
    'introductionToProgramming',
  ];
  return [...subjects].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}
