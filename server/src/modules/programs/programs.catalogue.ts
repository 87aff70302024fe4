/**
 * The program catalogue of both applicant genders, as typed data. This file is the ONLY source the
 * `programs` table is seeded from (DESIGN §5 "Seeds: … the full program catalogue of both genders") and
 * the shape the API returns (DESIGN §4 `GET /api/programs?gender=female|male`).
 *
 * Where each decision comes from:
 * - Groups, their titles and entry-requirement texts: spec §3 "Program catalogue", program groups
 *   (underGraduate: high school graduate; graduate: bachelor's from an approved accredited institution;
 *   postGraduate: the advanced ABA certificate, graduate degree in education or psychology;
 *   preRequisite: hold or be enrolled in a bachelor's degree). Bachelor's degrees → underGraduate;
 *   master's and the doctorate (OTD) → graduate; the ABA Advance Certificate → postGraduate; the
 *   prerequisite course sets → preRequisite.
 * - Semesters and their start months: spec §3 "Semesters". Women are offered Spring 2026 and Fall 2026,
 *   men Spring 2026, Summer 2026 and Fall 2026 (spec §3; §6 "gender determines the available programs
 *   and semesters"). Fall 2025 is listed by the spec but offered to neither gender (a past intake kept so
 *   older applications still resolve), so no course uses it.
 * - Locations: spec §3 "Locations", in the spec's order.
 * - Fields of interest: spec §3 "Fields offered to women (about 30)" and "Men have a smaller list". `name`
 *   is the stable key and follows the spec's "Program category flags" names (§3) wherever one fits, so the
 *   form's flag checks can compare names directly: 'BA Business Administration', 'BS Accounting',
 *   'BS Business Admin with Accounting Specialization', 'BA Education and Special Education',
 *   'Master of Speech-Language Pathology', 'Speech Prereq Courses', 'MS Education and Special Education',
 *   'MBA', 'Legal Studies', 'MSW', 'MS Nutrition', 'Nutrition Prereq Courses', 'OTD', 'OT Prereq Courses',
 *   'MPS ABA', 'ABA Advance Certificate'. The psychology entries are 'BA Psychology' and
 *   'BA Psychology - <Track> Track', so "any BA Psychology track (including Data Science)" is a
 *   `startsWith('BA Psychology')` check; "data science" (women's list) is the Data Science psychology track
 *   (the flag list names it as a psychology track). The spec's flag list has no name for the medical set,
 *   so it is 'Medical Prereq Courses' by analogy with the other three. Flag-list names that no gender is
 *   offered (Cyber Security, Bachelor of Professional Studies-MSW, Doctorate in Counseling Psychology, the
 *   'Post Pesach 2021' MS Education variant) are legacy and are not seeded.
 * - Men's psychology tracks: the spec says only "psychology and tracks". To keep men's list "smaller" (about
 *   ten fields) the men get the general BA plus the three tracks that lead into programs men are offered:
 *   ABA (→ MPS ABA, ABA certificate), Pre-Med (→ medical prerequisites), Social Work (→ MSW).
 * - Courses: spec §3 "Semester and location availability differs per program, and some have no listed
 *   courses". Every course semester is one offered to that gender. Online-only programs: Legal Studies,
 *   the Data Science track, MS Nutrition, the ABA certificate (women), the Nutrition prerequisites, the
 *   men's MBA. Programs with no listed courses (empty array): women's Health Science and IMPACT tracks and
 *   OTD; men's Pre-Med track and ABA certificate. The men's MSW offers Spring 2026, because the advisory
 *   banner (spec §1, §9) names a spring 2026 MSW deadline for men.
 * - popup.semesters: spec §3/§9 "3 to 8". Bachelor's 6–8, master's 4–6, OTD 8, certificate and
 *   prerequisite sets 3.
 * - popup.college: the provider is not itself a college (spec §1, "degree-conferring college" in §3), so
 *   each program names a plausible partner college.
 * - Flags: spec §3 "Flags decide which form sections appear". underGraduate: highSchool +
 *   highSchoolTranscript. graduate: bachelor + undergraduateTranscript + personalStatement + resume, with
 *   references and/or recommendationLetters as fits the program; OTD and Speech-Language Pathology also
 *   gre + essay. postGraduate: master + unofficialGraduateTranscript (+ resume). preRequisite: bachelor
 *   (held or enrolled).
 * - sortOrder: display order inside a gender, groups in PROGRAM_GROUPS order, steps of 10.
 */

/** The four program groups of spec §3. */
export type ProgramGroup = 'underGraduate' | 'graduate' | 'postGraduate' | 'preRequisite';
/** Applicant gender (spec §1: Female or Male). */
export type Gender = 'female' | 'male';
/** Semester names of spec §3 "Semesters". */
export type SemesterName = 'Spring 2026' | 'Summer 2026' | 'Fall 2026' | 'Fall 2025';
/** Locations of spec §3 "Locations". */
export type Location = 'Boro Park' | 'Crown Heights' | 'Five Towns' | 'Monsey' | 'Online' | 'Lakewood' | 'Passaic';

/** Which form sections a field of interest shows (spec §3 "Flags decide which form sections appear"). */
export interface SectionFlags {
  highSchool: boolean;
  bachelor: boolean;
  master: boolean;
  references: boolean;
  unofficialGraduateTranscript: boolean;
  undergraduateTranscript: boolean;
  highSchoolTranscript: boolean;
  gre: boolean;
  recommendationLetters: boolean;
  resume: boolean;
  essay: boolean;
  personalStatement: boolean;
}

/** One offered intake of a program: a semester and the locations it runs at. */
export interface CatalogueCourse {
  semester: SemesterName;
  locations: Location[];
}

/** One field of interest offered to one gender (a row of table `programs`). */
export interface CatalogueEntry {
  gender: Gender;
  name: string;
  program: ProgramGroup;
  label: string;
  popup: { title: string; semesters: number; college: string };
  courses: CatalogueCourse[];
  flags: SectionFlags;
  sortOrder: number;
}

/** A semester and the month it begins. */
export interface SemesterInfo {
  name: SemesterName;
  begins: string /* 'YYYY-MM' */;
}

/** Every semester with the month it begins (spec §3 "Semesters"). */
export const SEMESTERS: readonly SemesterInfo[] = [
  { name: 'Spring 2026', begins: '2026-01' },
  { name: 'Summer 2026', begins: '2026-05' },
  { name: 'Fall 2026', begins: '2026-09' },
  { name: 'Fall 2025', begins: '2025-09' },
];

/**
 * The semesters offered to each gender (spec §3: women Spring 2026 and Fall 2026; men Spring 2026,
 * Summer 2026 and Fall 2026). Fall 2025 is offered to neither.
 */
export const SEMESTERS_BY_GENDER: Record<Gender, readonly SemesterName[]> = {
  female: ['Spring 2026', 'Fall 2026'],
  male: ['Spring 2026', 'Summer 2026', 'Fall 2026'],
};

/** The seven locations, in the order of spec §3 "Locations". */
export const LOCATIONS: readonly Location[] = ['Boro Park', 'Crown Heights', 'Five Towns', 'Monsey', 'Online', 'Lakewood', 'Passaic'];

/**
 * The program groups in display order, each with its table title and entry-requirement text
 * (spec §3 "Program groups each have a title, an entry-requirement description and table headers";
 * the table headers Degree / Semesters / Degree-Conferring College are the same for every group).
 */
export const PROGRAM_GROUPS: readonly { program: ProgramGroup; title: string; requirement: string }[] = [
  {
    program: 'underGraduate',
    title: 'Undergraduate Programs',
    requirement: 'Applicants must be high school graduates.',
  },
  {
    program: 'graduate',
    title: 'Graduate Programs',
    requirement: "Applicants must hold a bachelor's degree from an approved accredited institution.",
  },
  {
    program: 'postGraduate',
    title: 'Post-Graduate Programs',
    requirement: 'The Advanced Certificate in Applied Behavior Analysis (ABA) requires a graduate degree in education or psychology.',
  },
  {
    program: 'preRequisite',
    title: 'Prerequisite Courses',
    requirement: "Applicants must hold, or be enrolled in, a bachelor's degree program.",
  },
];

// ---------------------------------------------------------------------------------------------------
// Building blocks

type FlagName = keyof SectionFlags;

/** All flags false except the ones named. */
function flags(...on: FlagName[]): SectionFlags {
  const f: SectionFlags = {
    highSchool: false,
    bachelor: false,
    master: false,
    references: false,
    unofficialGraduateTranscript: false,
    undergraduateTranscript: false,
    highSchoolTranscript: false,
    gre: false,
    recommendationLetters: false,
    resume: false,
    essay: false,
    personalStatement: false,
  };
  for (const name of on) f[name] = true;
  return f;
}

const UNDERGRADUATE_FLAGS: FlagName[] = ['highSchool', 'highSchoolTranscript'];
const GRADUATE_FLAGS: FlagName[] = ['bachelor', 'undergraduateTranscript', 'personalStatement', 'resume'];
const POSTGRADUATE_FLAGS: FlagName[] = ['master', 'unofficialGraduateTranscript', 'resume'];
const PREREQUISITE_FLAGS: FlagName[] = ['bachelor'];

const undergraduate = (...extra: FlagName[]) => flags(...UNDERGRADUATE_FLAGS, ...extra);
const graduate = (...extra: FlagName[]) => flags(...GRADUATE_FLAGS, ...extra);
const postGraduate = (...extra: FlagName[]) => flags(...POSTGRADUATE_FLAGS, ...extra);
const preRequisite = (...extra: FlagName[]) => flags(...PREREQUISITE_FLAGS, ...extra);

const spring = (...locations: Location[]): CatalogueCourse => ({ semester: 'Spring 2026', locations });
const summer = (...locations: Location[]): CatalogueCourse => ({ semester: 'Summer 2026', locations });
const fall = (...locations: Location[]): CatalogueCourse => ({ semester: 'Fall 2026', locations });

type Draft = Omit<CatalogueEntry, 'gender' | 'sortOrder'>;

function entry(
  name: string,
  program: ProgramGroup,
  label: string,
  popup: Draft['popup'],
  courses: CatalogueCourse[],
  sectionFlags: SectionFlags,
): Draft {
  return { name, program, label, popup, courses, flags: sectionFlags };
}

function forGender(gender: Gender, drafts: Draft[]): CatalogueEntry[] {
  return drafts.map((d, i) => ({ gender, ...d, sortOrder: (i + 1) * 10 }));
}

const TOURO = 'Touro University';
const LANDER_WOMEN = 'Lander College for Women';
const LANDER_MEN = 'Lander College for Men';
const EMPIRE = 'SUNY Empire State University';

const psychology = (track: string | null, semesters: number, courses: CatalogueCourse[]): Draft =>
  entry(
    track ? `BA Psychology - ${track} Track` : 'BA Psychology',
    'underGraduate',
    track ? `BA in Psychology - ${track} Track` : 'BA in Psychology',
    {
      title: track ? `Bachelor of Arts in Psychology, ${track} Track` : 'Bachelor of Arts in Psychology',
      semesters,
      college: TOURO,
    },
    courses,
    undergraduate(),
  );

// ---------------------------------------------------------------------------------------------------
// Women (spec §3 "Fields offered to women (about 30)"); semesters Spring 2026 and Fall 2026 only.

const WOMEN: Draft[] = [
  // underGraduate — psychology and its tracks
  psychology(null, 6, [
    spring('Boro Park', 'Crown Heights', 'Five Towns', 'Lakewood', 'Passaic'),
    fall('Boro Park', 'Crown Heights', 'Five Towns', 'Monsey', 'Online', 'Lakewood', 'Passaic'),
  ]),
  psychology('ABA', 7, [
    spring('Boro Park', 'Five Towns', 'Lakewood'),
    fall('Boro Park', 'Crown Heights', 'Five Towns', 'Monsey', 'Lakewood'),
  ]),
  psychology('Data Science', 7, [fall('Online')]),
  psychology('Education', 7, [
    spring('Boro Park', 'Crown Heights', 'Monsey', 'Lakewood'),
    fall('Boro Park', 'Crown Heights', 'Five Towns', 'Monsey', 'Lakewood', 'Passaic'),
  ]),
  psychology('Health Science', 7, []),
  psychology('Nutrition', 7, [spring('Boro Park', 'Five Towns'), fall('Boro Park', 'Five Towns', 'Lakewood')]),
  psychology('Occupational Therapy', 8, [fall('Boro Park', 'Five Towns', 'Lakewood', 'Passaic')]),
  psychology('Pre-Med', 8, [fall('Boro Park', 'Five Towns')]),
  psychology('Social Work', 6, [
    spring('Boro Park', 'Crown Heights', 'Online', 'Lakewood'),
    fall('Boro Park', 'Crown Heights', 'Five Towns', 'Monsey', 'Online', 'Lakewood'),
  ]),
  psychology('Speech', 7, [spring('Boro Park', 'Lakewood'), fall('Boro Park', 'Crown Heights', 'Five Towns', 'Lakewood', 'Passaic')]),
  psychology('IMPACT', 6, []),
  // underGraduate — accounting, business, legal studies, education
  entry(
    'BS Accounting',
    'underGraduate',
    'BS in Accounting',
    { title: 'Bachelor of Science in Accounting', semesters: 7, college: LANDER_WOMEN },
    [spring('Boro Park', 'Online'), fall('Boro Park', 'Five Towns', 'Online', 'Lakewood')],
    undergraduate(),
  ),
  entry(
    'BS Business Admin with Accounting Specialization',
    'underGraduate',
    'BS in Business Administration with Accounting Specialization',
    {
      title: 'Bachelor of Science in Business Administration, Accounting Specialization',
      semesters: 8,
      college: LANDER_WOMEN,
    },
    [fall('Boro Park', 'Lakewood')],
    undergraduate(),
  ),
  entry(
    'BA Business Administration',
    'underGraduate',
    'BA in Business Administration',
    { title: 'Bachelor of Arts in Business Administration', semesters: 6, college: TOURO },
    [spring('Boro Park', 'Online', 'Lakewood'), fall('Boro Park', 'Five Towns', 'Online', 'Lakewood')],
    undergraduate(),
  ),
  entry(
    'Legal Studies',
    'underGraduate',
    'BS in Legal Studies',
    { title: 'Bachelor of Science in Legal Studies', semesters: 6, college: EMPIRE },
    [spring('Online'), fall('Online')],
    undergraduate(),
  ),
  entry(
    'BA Education and Special Education',
    'underGraduate',
    'BA in Education and Special Education',
    { title: 'Bachelor of Arts in Education and Special Education', semesters: 7, college: TOURO },
    [
      spring('Boro Park', 'Crown Heights', 'Monsey', 'Lakewood', 'Passaic'),
      fall('Boro Park', 'Crown Heights', 'Five Towns', 'Monsey', 'Lakewood', 'Passaic'),
    ],
    undergraduate(),
  ),
  // graduate
  entry(
    'MS Education and Special Education',
    'graduate',
    'MS in Education and Special Education',
    { title: 'Master of Science in Education and Special Education', semesters: 4, college: TOURO },
    [spring('Boro Park', 'Online', 'Lakewood'), fall('Boro Park', 'Crown Heights', 'Five Towns', 'Monsey', 'Online', 'Lakewood')],
    graduate('references'),
  ),
  entry(
    'MBA',
    'graduate',
    'Master of Business Administration (MBA)',
    { title: 'Master of Business Administration', semesters: 4, college: TOURO },
    [spring('Online'), fall('Boro Park', 'Online')],
    graduate('references'),
  ),
  entry(
    'MSW',
    'graduate',
    'Master of Social Work (MSW)',
    { title: 'Master of Social Work', semesters: 5, college: TOURO },
    [fall('Boro Park', 'Five Towns', 'Lakewood')],
    graduate('references', 'recommendationLetters'),
  ),
  entry(
    'MPS ABA',
    'graduate',
    'MPS in Applied Behavior Analysis (ABA)',
    { title: 'Master of Professional Studies in Applied Behavior Analysis', semesters: 4, college: TOURO },
    [spring('Boro Park', 'Lakewood'), fall('Boro Park', 'Five Towns', 'Online', 'Lakewood')],
    graduate('recommendationLetters'),
  ),
  entry(
    'MS Nutrition',
    'graduate',
    'MS in Nutrition',
    { title: 'Master of Science in Nutrition', semesters: 5, college: TOURO },
    [fall('Online')],
    graduate('recommendationLetters'),
  ),
  entry(
    'Master of Speech-Language Pathology',
    'graduate',
    'Master of Speech-Language Pathology',
    { title: 'Master of Science in Speech-Language Pathology', semesters: 6, college: TOURO },
    [fall('Boro Park', 'Lakewood')],
    graduate('recommendationLetters', 'gre', 'essay'),
  ),
  entry(
    'OTD',
    'graduate',
    'Occupational Therapy Doctorate (OTD)',
    { title: 'Doctor of Occupational Therapy', semesters: 8, college: TOURO },
    [],
    graduate('recommendationLetters', 'gre', 'essay'),
  ),
  // postGraduate
  entry(
    'ABA Advance Certificate',
    'postGraduate',
    'Advanced Certificate in Applied Behavior Analysis (ABA)',
    { title: 'Advanced Certificate in Applied Behavior Analysis', semesters: 3, college: TOURO },
    [spring('Online'), fall('Online')],
    postGraduate(),
  ),
  // preRequisite
  entry(
    'Medical Prereq Courses',
    'preRequisite',
    'Medical Prerequisite Courses',
    { title: 'Medical School Prerequisite Courses', semesters: 3, college: TOURO },
    [spring('Boro Park', 'Five Towns'), fall('Boro Park', 'Five Towns', 'Online')],
    preRequisite(),
  ),
  entry(
    'Nutrition Prereq Courses',
    'preRequisite',
    'Nutrition Prerequisite Courses',
    { title: 'Nutrition Prerequisite Courses', semesters: 3, college: TOURO },
    [spring('Online'), fall('Online')],
    preRequisite(),
  ),
  entry(
    'OT Prereq Courses',
    'preRequisite',
    'Occupational Therapy Prerequisite Courses',
    { title: 'Occupational Therapy Prerequisite Courses', semesters: 3, college: TOURO },
    [spring('Boro Park', 'Online', 'Lakewood'), fall('Boro Park', 'Five Towns', 'Online', 'Lakewood')],
    preRequisite(),
  ),
  entry(
    'Speech Prereq Courses',
    'preRequisite',
    'Speech-Language Pathology Prerequisite Courses',
    { title: 'Speech-Language Pathology Prerequisite Courses', semesters: 3, college: TOURO },
    [spring('Online'), fall('Boro Park', 'Online')],
    preRequisite(),
  ),
];

// ---------------------------------------------------------------------------------------------------
// Men (spec §3 "Men have a smaller list"); semesters Spring 2026, Summer 2026 and Fall 2026.

const MEN: Draft[] = [
  // underGraduate
  psychology(null, 6, [
    spring('Boro Park', 'Monsey', 'Lakewood'),
    summer('Online'),
    fall('Boro Park', 'Crown Heights', 'Monsey', 'Lakewood', 'Passaic'),
  ]),
  psychology('ABA', 7, [fall('Boro Park', 'Lakewood')]),
  psychology('Pre-Med', 8, []),
  psychology('Social Work', 6, [spring('Boro Park', 'Lakewood'), fall('Boro Park', 'Monsey', 'Lakewood')]),
  entry(
    'BA Business Administration',
    'underGraduate',
    'BA in Business Administration',
    { title: 'Bachelor of Arts in Business Administration', semesters: 6, college: LANDER_MEN },
    [spring('Boro Park', 'Online', 'Lakewood'), summer('Online'), fall('Boro Park', 'Five Towns', 'Online', 'Lakewood')],
    undergraduate(),
  ),
  entry(
    'BS Accounting',
    'underGraduate',
    'BS in Accounting',
    { title: 'Bachelor of Science in Accounting', semesters: 7, college: LANDER_MEN },
    [spring('Boro Park', 'Lakewood'), fall('Boro Park', 'Online', 'Lakewood')],
    undergraduate(),
  ),
  entry(
    'Legal Studies',
    'underGraduate',
    'BS in Legal Studies',
    { title: 'Bachelor of Science in Legal Studies', semesters: 6, college: EMPIRE },
    [spring('Online'), summer('Online'), fall('Online')],
    undergraduate(),
  ),
  // graduate
  entry(
    'MS Education and Special Education',
    'graduate',
    'MS in Education and Special Education',
    { title: 'Master of Science in Education and Special Education', semesters: 4, college: TOURO },
    [spring('Boro Park', 'Lakewood'), summer('Lakewood'), fall('Boro Park', 'Monsey', 'Online', 'Lakewood')],
    graduate('references'),
  ),
  entry(
    'MSW',
    'graduate',
    'Master of Social Work (MSW)',
    { title: 'Master of Social Work', semesters: 5, college: TOURO },
    [spring('Boro Park', 'Online', 'Lakewood'), fall('Boro Park', 'Monsey', 'Online', 'Lakewood')],
    graduate('references', 'recommendationLetters'),
  ),
  entry(
    'MPS ABA',
    'graduate',
    'MPS in Applied Behavior Analysis (ABA)',
    { title: 'Master of Professional Studies in Applied Behavior Analysis', semesters: 4, college: TOURO },
    [summer('Online'), fall('Boro Park', 'Lakewood')],
    graduate('recommendationLetters'),
  ),
  entry(
    'MBA',
    'graduate',
    'Master of Business Administration (MBA)',
    { title: 'Master of Business Administration', semesters: 4, college: TOURO },
    [spring('Online'), summer('Online'), fall('Online')],
    graduate('references'),
  ),
  // postGraduate
  entry(
    'ABA Advance Certificate',
    'postGraduate',
    'Advanced Certificate in Applied Behavior Analysis (ABA)',
    { title: 'Advanced Certificate in Applied Behavior Analysis', semesters: 3, college: TOURO },
    [],
    postGraduate(),
  ),
  // preRequisite
  entry(
    'Medical Prereq Courses',
    'preRequisite',
    'Medical Prerequisite Courses',
    { title: 'Medical School Prerequisite Courses', semesters: 3, college: TOURO },
    [summer('Boro Park'), fall('Boro Park', 'Lakewood')],
    preRequisite(),
  ),
];

/**
 * The full catalogue of both genders (spec §3 "Program catalogue (by applicant gender)"; seeded into
 * table `programs` per DESIGN §5): 28 fields of interest for women, then 13 for men, each gender in
 * display order (`sortOrder`). See the file header for where each choice comes from.
 */
export const CATALOGUE: readonly CatalogueEntry[] = [...forGender('female', WOMEN), ...forGender('male', MEN)];
