/**
 * The demo cast of a fresh development start (DEMO_DATA): ten applicants of both genders, several
 * programs and the upcoming terms, each at a different stage of DESIGN §5's lifecycle, with the answers the
 * steps they went through would hold (spec §3 field names; option values from the seeded dropdowns).
 * `DemoDataService` plays each one through the services' own code paths.
 */

/** How far a demo applicant got. */
export type DemoStage =
  /** Still filling in the form, at `stepReached`. */
  | 'draft'
  /** Every step answered, on the review step (7), not yet certified. */
  | 'review'
  /** Certified, card declined by the fake gateway (Payment_Status Declined; may pay again). */
  | 'declined'
  /** Certified and paid by card through the fake gateway (submitted), with an uploaded document. */
  | 'paid'
  /** Certified, fee waived by a waiver discount code (submitted). */
  | 'waived'
  /** Withdrawn by the admissions office while a draft. */
  | 'withdrawn';

/** One demo applicant. */
export interface DemoApplicant {
  gender: 'Female' | 'Male';
  firstName: string;
  lastName: string;
  locale: 'en' | 'es' | 'zh-CN';
  /** A field of interest of the catalogue offered to `gender`. */
  fieldOfInterest: string;
  /**
   * Which of the program's open terms (0: the first to begin; the last one when there are fewer): the
   * terms are the upcoming ones of the day the demo is seeded (issue 25), never named here.
   */
  term: 0 | 1;
  /** The location wanted; the term's first location when it does not run there. */
  location: string;
  stage: DemoStage;
  /** The step the applicant is on (drafts and withdrawn); certified stages reach 8 by themselves. */
  stepReached: number;
  /** Saved answers (`PATCH` body fields), as the applicant typed them. */
  answers: Record<string, unknown>;
  /** The payment step's typed fields (certified stages). */
  payment?: { creditCardFullName?: string; creditCardBillingZip?: string; discountCode?: string };
  /** Whether this is the draft whose link is printed ("Try one"). */
  tryLink?: boolean;
  /** A form session: `active` (now) or `ended`. */
  session?: 'active' | 'ended';
}

/** The demo discount codes: a percentage off, and a waiver of the whole fee. */
export const DEMO_DISCOUNT_CODES = [
  { code: 'DEMO25', kind: 'percent', value: 25, description: 'Demo data: 25% off the application fee' },
  { code: 'DEMOWAIVER', kind: 'waiver', value: 0, description: 'Demo data: waives the whole application fee' },
] as const;

/** The slot, file name and text of the demo document (uploaded for the paid applicant). */
export const DEMO_DOCUMENT = {
  slot: 'personalStatement',
  title: 'Personal statement',
  lines: [
    'I have spent three years as an assistant teacher in a special education classroom,',
    'and I want to lead one. The MS in Education and Special Education will give me the',
    'training to design lessons for every learner and to work with families as partners.',
  ],
} as const;

/** Seconds a typical applicant spends on each step (median-ish), before each applicant's own pace. */
export const TYPICAL_STEP_SECONDS: Record<string, number> = {
  personal: 210,
  family: 165,
  education: 390,
  employment: 95,
  prerequisites: 340,
  references: 280,
  review: 140,
  payment: 110,
};

// Answers by step, shared shapes --------------------------------------------------------------------

const contact = (name: string, phone: string, relationship: string, email?: string) => ({
  name,
  phone,
  relationship,
  ...(email ? { email } : {}),
});

const twoReferences = {
  firstReferenceNameAndNumber: contact('Rabbi Dovid Adler', '718-555-0190', 'Principal'),
  secondReferenceNameAndNumber: contact('Dr. Naomi Berger', '732-555-0191', 'Professor'),
};

/** The cast, in the order they are created. */
export const DEMO_APPLICANTS: readonly DemoApplicant[] = [
  {
    gender: 'Female',
    firstName: 'Leah',
    lastName: 'Friedman',
    locale: 'es',
    fieldOfInterest: 'BA Psychology',
    term: 1,
    location: 'Lakewood',
    stage: 'draft',
    stepReached: 1,
    answers: { dateOfBirth: '11/02/2006', addressState: 'NJ', addressZip: '08701', maritalStatus: 'Single', cellPhone: '732-555-0142' },
  },
  {
    gender: 'Male',
    firstName: 'Yosef',
    lastName: 'Klein',
    locale: 'en',
    fieldOfInterest: 'BA Business Administration',
    term: 0,
    location: 'Online',
    stage: 'draft',
    stepReached: 2,
    answers: {
      dateOfBirth: '03/09/1996',
      addressState: 'NY',
      addressZip: '10952',
      maritalStatus: 'Married',
      cellPhone: '845-555-0117',
      howHeard: 'Friend',
      fatherFirstName: 'Chaim',
      fatherLastName: 'Klein',
      SpouseFirstName: 'Miriam',
      SpouseLastName: 'Klein',
    },
  },
  {
    gender: 'Female',
    firstName: 'Chana',
    lastName: 'Goldberg',
    locale: 'en',
    fieldOfInterest: 'BA Education and Special Education',
    term: 0,
    location: 'Boro Park',
    stage: 'draft',
    stepReached: 3,
    tryLink: true,
    session: 'active',
    answers: {
      dateOfBirth: '05/17/2003',
      addressState: 'NY',
      addressZip: '11219',
      maritalStatus: 'Single',
      cellPhone: '718-555-0163',
      howHeard: 'Social media',
      fatherFirstName: 'Shlomo',
      fatherLastName: 'Goldberg',
      fatherOccupation: 'Accountant',
      motherFirstName: 'Rachel',
      motherLastName: 'Goldberg',
      motherMaidenName: 'Adler',
      motherOccupation: 'Teacher',
      emergencyContact: contact('Rachel Goldberg', '718-555-0164', 'Mother'),
      highSchoolName: 'Bais Yaakov of Brooklyn',
      highSchoolCityStateCountry: 'Brooklyn, NY, USA',
      highSchoolGraduationDate: '06/20/2021',
      seminary: 'Yes',
      seminaryName: 'Michlalah Jerusalem College',
    },
  },
  {
    gender: 'Male',
    firstName: 'David',
    lastName: 'Weiss',
    locale: 'en',
    fieldOfInterest: 'MS Education and Special Education',
    term: 1,
    location: 'Monsey',
    stage: 'draft',
    stepReached: 4,
    answers: {
      dateOfBirth: '08/14/1997',
      addressState: 'NY',
      addressZip: '10952',
      maritalStatus: 'Single',
      cellPhone: '845-555-0128',
      howHeard: 'College advisor',
      fatherFirstName: 'Aharon',
      fatherLastName: 'Weiss',
      motherFirstName: 'Bracha',
      motherLastName: 'Weiss',
      emergencyContact: contact('Aharon Weiss', '845-555-0129', 'Father'),
      bachelorCollege: 'Lander College for Men',
      bachelorDegree: 'BA',
      bachelorMajor: 'Psychology',
      bachelorCompletionDate: '06/01/2020',
      seminary: 'No',
      israelOption: 'Yes',
      israelOptionName: 'HTC',
      currentlyEmployed: 'Yes',
      employer: 'Yeshiva Darchei Torah',
      jobTitle: 'Assistant teacher',
      employmentDate: '09/01/2021',
      employmentType: 'Part time',
    },
  },
  {
    gender: 'Female',
    firstName: 'Esther',
    lastName: 'Rosen',
    locale: 'en',
    fieldOfInterest: 'OT Prereq Courses',
    term: 0,
    location: 'Lakewood',
    stage: 'draft',
    stepReached: 5,
    answers: {
      dateOfBirth: '02/23/2001',
      addressState: 'NJ',
      addressZip: '08701',
      maritalStatus: 'Married',
      cellPhone: '732-555-0175',
      howHeard: 'Online advertising',
      fatherFirstName: 'Yaakov',
      fatherLastName: 'Feld',
      motherFirstName: 'Devora',
      motherLastName: 'Feld',
      SpouseFirstName: 'Ari',
      SpouseLastName: 'Rosen',
      SpouseOccupation: 'Engineer',
      emergencyContact: contact('Ari Rosen', '732-555-0176', 'Husband'),
      bachelorCollege: 'Touro University',
      bachelorDegree: 'BS',
      bachelorMajor: 'Biology',
      bachelorCompletionDate: '06/15/2023',
      seminary: 'Yes',
      seminaryName: 'Bnos Chava',
      seminaryCityStateCountry: 'Jerusalem, Israel',
      attendingSeminary: 'No',
      currentlyEmployed: 'No',
      OTDCourse1: { status: 'Completed', college: 'Touro University', completion_date: '12/20/2024' },
      OTDCourse2: { status: 'Currently taking', college: 'Excelsior University' },
      OTDCourse3: { status: 'Planning to take' },
    },
  },
  {
    gender: 'Male',
    firstName: 'Shmuel',
    lastName: 'Katz',
    locale: 'en',
    fieldOfInterest: 'MBA',
    term: 0,
    location: 'Online',
    stage: 'review',
    stepReached: 7,
    session: 'ended',
    answers: {
      dateOfBirth: '01/30/1994',
      addressState: 'NY',
      addressZip: '11230',
      maritalStatus: 'Single',
      cellPhone: '347-555-0133',
      howHeard: 'Career Forum Podcast',
      fatherFirstName: 'Moshe',
      fatherLastName: 'Katz',
      motherFirstName: 'Sarah',
      motherLastName: 'Katz',
      emergencyContact: contact('Moshe Katz', '347-555-0134', 'Father'),
      bachelorCollege: 'Brooklyn College',
      bachelorDegree: 'BS',
      bachelorMajor: 'Economics',
      bachelorCompletionDate: '05/30/2016',
      currentlyEmployed: 'Yes',
      employer: 'Katz & Sons Distributors',
      jobTitle: 'Operations manager',
      employmentDate: '07/01/2016',
      employmentType: 'Full time',
      ...twoReferences,
    },
  },
  {
    gender: 'Female',
    firstName: 'Rivka',
    lastName: 'Stern',
    locale: 'en',
    fieldOfInterest: 'MS Education and Special Education',
    term: 1,
    location: 'Boro Park',
    stage: 'paid',
    stepReached: 8,
    session: 'ended',
    payment: { creditCardFullName: 'Rivka Stern', creditCardBillingZip: '11219', discountCode: 'DEMO25' },
    answers: {
      dateOfBirth: '09/12/1999',
      addressState: 'NY',
      addressZip: '11219',
      maritalStatus: 'Single',
      cellPhone: '718-555-0151',
      howHeard: 'Word-of-mouth',
      fatherFirstName: 'Avraham',
      fatherLastName: 'Stern',
      fatherOccupation: 'Rabbi',
      motherFirstName: 'Malka',
      motherLastName: 'Stern',
      motherOccupation: 'Nurse',
      emergencyContact: contact('Malka Stern', '718-555-0152', 'Mother'),
      bachelorCollege: 'Stern College for Women',
      bachelorDegree: 'BA',
      bachelorMajor: 'Psychology',
      bachelorCompletionDate: '05/25/2021',
      seminary: 'Yes',
      seminaryName: 'Darchei Binah',
      seminaryCityStateCountry: 'Jerusalem, Israel',
      attendingSeminary: 'No',
      currentlyEmployed: 'Yes',
      employer: 'Shalsheles Bais Yaakov',
      jobTitle: 'Assistant teacher',
      employmentDate: '09/01/2022',
      employmentType: 'Full time',
      ...twoReferences,
    },
  },
  {
    gender: 'Male',
    firstName: 'Avraham',
    lastName: 'Cohen',
    locale: 'en',
    fieldOfInterest: 'MSW',
    term: 0,
    location: 'Lakewood',
    stage: 'waived',
    stepReached: 8,
    payment: { discountCode: 'DEMOWAIVER' },
    answers: {
      dateOfBirth: '04/04/1995',
      addressState: 'NJ',
      addressZip: '08701',
      maritalStatus: 'Married',
      cellPhone: '732-555-0188',
      howHeard: 'Mentor',
      fatherFirstName: 'Yitzchak',
      fatherLastName: 'Cohen',
      motherFirstName: 'Leah',
      motherLastName: 'Cohen',
      SpouseFirstName: 'Tova',
      SpouseLastName: 'Cohen',
      SpouseEmail: 'tova.cohen@example.com',
      emergencyContact: contact('Tova Cohen', '732-555-0189', 'Wife'),
      bachelorCollege: 'Thomas Edison State University',
      bachelorDegree: 'BA',
      bachelorMajor: 'Social Sciences',
      bachelorCompletionDate: '06/30/2019',
      seminary: 'No',
      currentlyEmployed: 'No',
      introductionToPsychologyPrerequisite: { tookCourse: 'Yes', howTaken: 'College' },
      introductionToPsychologyInfo: { college: 'Brooklyn College', completion_date: '12/18/2017' },
      introductionToBiologyPrerequisite: { tookCourse: 'Yes', howTaken: 'Exam' },
      introductionToBiologyInfo: { examTaken: 'CLEP', completion_date: '08/10/2018' },
      ...twoReferences,
      firstRecommender: contact('Dr. Miriam Gold', '732-555-0192', 'Professor', 'miriam.gold@example.edu'),
      secondRecommender: contact('Rabbi Eli Stein', '732-555-0193', 'Supervisor', 'eli.stein@example.org'),
    },
  },
  {
    gender: 'Female',
    firstName: 'Sara',
    lastName: 'Mandel',
    locale: 'en',
    fieldOfInterest: 'Legal Studies',
    term: 0,
    location: 'Online',
    stage: 'withdrawn',
    stepReached: 2,
    answers: {
      dateOfBirth: '07/07/2004',
      addressState: 'NY',
      addressZip: '11516',
      maritalStatus: 'Single',
      cellPhone: '516-555-0110',
      howHeard: 'Print ads',
    },
  },
  {
    gender: 'Female',
    firstName: 'Dina',
    lastName: 'Schwartz',
    locale: 'zh-CN',
    fieldOfInterest: 'ABA Advance Certificate',
    term: 1,
    location: 'Online',
    stage: 'declined',
    stepReached: 8,
    // 46282 is the billing ZIP the fake gateway (like the Authorize.Net sandbox) declines.
    payment: { creditCardFullName: 'Dina Schwartz', creditCardBillingZip: '46282' },
    answers: {
      dateOfBirth: '12/01/1990',
      addressState: 'NY',
      addressZip: '11598',
      maritalStatus: 'Married',
      cellPhone: '516-555-0177',
      howHeard: 'Other',
      fatherFirstName: 'Zev',
      fatherLastName: 'Braun',
      motherFirstName: 'Chaya',
      motherLastName: 'Braun',
      SpouseFirstName: 'Eli',
      SpouseLastName: 'Schwartz',
      emergencyContact: contact('Eli Schwartz', '516-555-0178', 'Husband'),
      masterCollege: 'Hunter College',
      masterDegree: 'MS',
      masterMajor: 'Special Education',
      masterCompletionDate: '05/30/2018',
      seminary: 'Yes',
      seminaryName: 'Other',
      seminaryNameOther: 'Bais Yaakov Seminary of Montreal',
      seminaryCityStateCountry: 'Montreal, QC, Canada',
      attendingSeminary: 'No',
      currentlyEmployed: 'Yes',
      employer: 'Achieve Beyond',
      jobTitle: 'Special education teacher',
      employmentDate: '09/01/2018',
      employmentType: 'Full time',
    },
  },
];
