/**
 * What the review page (step 7, DESIGN §3) shows: every answer of the applicable steps, grouped by step,
 * with translated labels and display values. Pure: takes the record, the requirements, the option
 * lists (to show option labels, e.g. the state's name), a translate function and the program catalogue
 * (to show the program's and semester's labels). Every option answer shows its label in the page's
 * language (issue 11 item 3); only free text, names and places are shown as typed.
 */
import { optionsFor, type Dropdown } from '../../../../shared/api/dropdowns-api';
import type { Requirements } from '../../api/application-api';
import type { ApplicationRecord } from '../../api/application-types';
import { SECTIONS, type CourseTable } from '../../requirements';
import { educationSections, seminaryListKey } from '../education/education.schema';
import { MARRIED } from '../family/family.schema';
import { obj } from '../field-rules';
import { countryOrDefault, isUs, phoneForDisplay } from '../personal/address-rules';
import { courseFields, prerequisiteSections, TAKEN } from '../prerequisites/prerequisites.schema';
import { RECOMMENDER_FIELDS, REFERENCE_FIELDS } from '../references/references.schema';
import { REVIEW_STEP, stepKey } from '../step-config';
import { locationLabel, programLabel, semesterLabel, type Program, type Semester } from '../../../welcome/programs-api';

/** Translate function (i18next's `t` fits). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** One answer line. `field` is the record path (dotted) used for anchors and focus. */
export interface ReviewRow {
  field: string;
  label: string;
  value: string;
}

/** One step's answers. */
export interface ReviewGroup {
  step: number;
  title: string;
  rows: ReviewRow[];
}

const text = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'string' ? v.trim() : String(v));

/** Builds the review groups; see module doc. */
export function buildReview(
  record: ApplicationRecord,
  requirements: Requirements,
  dropdowns: readonly Dropdown[],
  t: Translate,
  catalogue?: { programs: readonly Program[]; semesters: readonly Semester[] } | null,
): ReviewGroup[] {
  const empty = t('review.not_answered');
  const show = (v: unknown) => {
    if (v === true) return t('common.yes');
    if (v === false) return t('common.no');
    return text(v) || empty;
  };
  const option = (list: string, v: unknown) => {
    const raw = text(v);
    return optionsFor(dropdowns, list).find((o) => o.value === raw)?.label ?? show(raw);
  };
  const row = (field: string, label: string, value: string): ReviewRow => ({ field, label, value });
  const plain = (field: string) => row(field, t(`fields.${field}`), show(record[field]));
  const sub = (field: string, key: string) => obj(record[field])[key];

  const groups: ReviewGroup[] = [];
  const steps = requirements.steps.filter((s) => s < REVIEW_STEP);
  for (const step of steps) {
    const rows: ReviewRow[] = [];
    if (step === 1) {
      rows.push(plain('firstName'), plain('lastName'), plain('email'), plain('dateOfBirth'));
      rows.push(row('gender', t('fields.gender'), record.gender ? t(`gender.${record.gender.toLowerCase()}`) : empty));
      const program = text(record.fieldOfInterest);
      const semester = text(record.semesterApplied);
      rows.push(row('fieldOfInterest', t('fields.fieldOfInterest'), program ? programLabel(catalogue?.programs, program) : empty));
      rows.push(row('semesterApplied', t('fields.semesterApplied'), semester ? semesterLabel(catalogue?.semesters, semester) : empty));
      if (record.location) rows.push(row('location', t('fields.location'), locationLabel(t, String(record.location))));
      // the address follows the country (issue 11 item 2): state + ZIP in the US, region + postal code elsewhere
      const country = countryOrDefault(record.addressCountry);
      rows.push(row('addressCountry', t('fields.addressCountry'), option('countries', country)));
      rows.push(plain('addressLine1'));
      if (text(record.addressLine2)) rows.push(plain('addressLine2'));
      rows.push(plain('addressCity'));
      if (isUs(country))
        rows.push(row('addressState', t('fields.addressState'), option('states', record.addressState)), plain('addressZip'));
      else rows.push(plain('addressRegion'), row('addressZip', t('fields.postalCode'), show(record.addressZip)));
      rows.push(row('maritalStatus', t('fields.maritalStatus'), option('maritalStatus', record.maritalStatus)));
      const phone = text(record.cellPhone);
      rows.push(row('cellPhone', t('fields.cellPhone'), phone ? phoneForDisplay(phone, country) : empty));
      rows.push(plain('contactName'), row('howHeard', t('fields.howHeard'), option('howHeard', record.howHeard)));
    } else if (step === 2) {
      for (const f of ['fatherFirstName', 'fatherLastName', 'fatherOccupation', 'fatherDeceased']) rows.push(plain(f));
      for (const f of ['motherFirstName', 'motherLastName', 'motherMaidenName', 'motherOccupation', 'motherDeceased']) rows.push(plain(f));
      if (record.maritalStatus === MARRIED) {
        for (const f of ['SpouseFirstName', 'SpouseLastName', 'SpouseMaidenName', 'SpouseOccupation', 'SpouseEmail', 'SpouseCellNumber']) {
          rows.push(plain(f));
        }
      }
      for (const k of ['name', 'relationship', 'phone', 'email']) {
        rows.push(row(`emergencyContact.${k}`, t(`fields.emergencyContact.${k}`), show(sub('emergencyContact', k))));
      }
    } else if (step === 3) {
      const shown = educationSections(requirements.sections, requirements.requiredFields);
      if (shown.highSchool)
        for (const f of ['highSchoolName', 'highSchoolCityStateCountry', 'highSchoolGraduationDate']) rows.push(plain(f));
      if (shown.bachelor)
        for (const f of ['bachelorCollege', 'bachelorDegree', 'bachelorMajor', 'bachelorCompletionDate']) rows.push(plain(f));
      if (shown.master) for (const f of ['masterCollege', 'masterDegree', 'masterMajor', 'masterCompletionDate']) rows.push(plain(f));
      if (shown.seminary) {
        const men = record.gender === 'Male';
        rows.push(row('seminary', men ? t('fields.yeshiva') : t('fields.seminary'), option('yesNo', record.seminary)));
        if (record.seminary === 'Yes') {
          const label = men ? t('fields.yeshivaName') : t('fields.seminaryName');
          rows.push(row('seminaryName', label, option(seminaryListKey(record.gender), record.seminaryName)));
          if (record.seminaryName === 'Other') rows.push(plain('seminaryNameOther'));
          rows.push(plain('seminaryCityStateCountry'), plain('seminaryCeeb'));
          rows.push(row('attendingSeminary', t('fields.attendingSeminary'), option('yesNo', record.attendingSeminary)));
          rows.push(plain('priorToSeminary'));
        }
      }
      if (shown.israelProgram) {
        rows.push(row('israelOption', t('fields.israelOption'), option('yesNo', record.israelOption)));
        if (record.israelOption === 'Yes') rows.push(plain('israelOptionName'), plain('israelOptionCollege'));
      }
      if (shown.collegeCourses) {
        const passed = record.haveYouPassedCollegeLevelOrAPCourses;
        rows.push(row('haveYouPassedCollegeLevelOrAPCourses', t('fields.haveYouPassedCollegeLevelOrAPCourses'), option('yesNo', passed)));
        const list = Array.isArray(record.passedCollegeLevelOrAPCourses) ? (record.passedCollegeLevelOrAPCourses as unknown[]) : [];
        if (passed === 'Yes') {
          list.forEach((r, i) => {
            const o = obj(r);
            rows.push(row(`passedCollegeLevelOrAPCourses.${i}.name`, t('fields.passedCourse.name', { number: i + 1 }), show(o.name)));
            rows.push(
              row(`passedCollegeLevelOrAPCourses.${i}.college`, t('fields.passedCourse.college', { number: i + 1 }), show(o.college)),
            );
          });
        }
      }
    } else if (step === 4) {
      rows.push(row('currentlyEmployed', t('fields.currentlyEmployed'), option('yesNo', record.currentlyEmployed)));
      if (record.currentlyEmployed === 'Yes') {
        rows.push(plain('employer'), plain('jobTitle'), plain('employmentDate'));
        rows.push(row('employmentType', t('fields.employmentType'), option('employment', record.employmentType)));
      }
    } else if (step === 5) {
      const shown = prerequisiteSections(requirements.sections, requirements.requiredFields);
      for (const table of shown.tables as CourseTable[]) {
        for (const f of courseFields(table)) {
          const c = obj(record[f]);
          const parts = [text(c.status) && option('classStatus', c.status), text(c.college), text(c.completion_date)].filter(Boolean);
          rows.push(row(`${f}.status`, t(`courses.${f}`), parts.length ? parts.join(' · ') : empty));
        }
      }
      for (const subject of shown.subjects) {
        const p = obj(record[`${subject}Prerequisite`]);
        const i = obj(record[`${subject}Info`]);
        const name = t(`prerequisites.subjects.${subject}`);
        const chosen = (list: string, v: unknown) => (text(v) ? option(list, v) : '');
        const how = TAKEN.includes(text(p.tookCourse))
          ? [
              chosen('placesClassesTaken', p.howTaken),
              chosen('classTypes', i.typeClass),
              i.college === 'Other' ? text(i.collegeOther) : chosen('colleges', i.college),
              i.examTaken === 'Other' ? text(i.examTakenOther) : chosen('examTypes', i.examTaken),
              text(i.completion_date),
            ].filter(Boolean)
          : [];
        rows.push(row(`${subject}Prerequisite.tookCourse`, name, [chosen('transferCredit', p.tookCourse) || empty, ...how].join(' · ')));
      }
      if (shown.observation) {
        const o = obj(record.completedObservation);
        rows.push(
          row(
            'completedObservation.boolean',
            t('fields.completedObservation.boolean'),
            o.boolean === true ? [t('common.yes'), text(o.when)].filter(Boolean).join(' · ') : t('common.no'),
          ),
        );
      }
    } else if (step === 6) {
      const fields = [
        ...(requirements.sections.includes(SECTIONS.references) ? REFERENCE_FIELDS : []),
        ...(requirements.sections.includes(SECTIONS.recommenders) ? RECOMMENDER_FIELDS : []),
      ];
      for (const f of fields) {
        const who = t(`references.${f}`);
        for (const k of ['name', 'relationship', 'phone', 'email']) {
          rows.push(row(`${f}.${k}`, t(`fields.contact.${k}`, { who }), show(sub(f, k))));
        }
      }
    }
    groups.push({ step, title: t(`steps.${stepKey(step)}`), rows });
  }
  return groups;
}

/**
 * A readable label for a field path named by the server (`emergencyContact.email`, `OTDCourse3.status`,
 * `mathPrerequisite.tookCourse`, `firstRecommender.name`, `passedCollegeLevelOrAPCourses`); `exists`
 * tells whether an i18n key exists. Falls back to the path itself.
 */
export function fieldLabel(t: Translate, exists: (key: string) => boolean, path: string): string {
  if (exists(`fields.${path}`)) return t(`fields.${path}`);
  const [top = path, sub] = path.split('.');
  const course = /^(OTDCourse|MSLPCourse|NutritionCourse)\d+$/.test(top);
  if (course && sub) return `${t(`courses.${top}`)}: ${t(`fields.course.${sub}`)}`;
  const subject = /^(.*)(Prerequisite|Info)$/.exec(top);
  if (subject && sub && exists(`prerequisites.subjects.${subject[1]}`)) {
    const name = t(`prerequisites.subjects.${subject[1]}`);
    const key = subject[2] === 'Prerequisite' ? `fields.prerequisite.${sub}` : `fields.info.${sub}`;
    return exists(key) ? t(key, { subject: name }) : name;
  }
  if (sub && exists(`references.${top}`) && exists(`fields.contact.${sub}`))
    return t(`fields.contact.${sub}`, { who: t(`references.${top}`) });
  if (top === 'passedCollegeLevelOrAPCourses') return t('education.college_courses');
  return exists(`fields.${top}`) && !sub ? t(`fields.${top}`) : path;
}
