import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInstance, type i18n as I18n } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import type { ReactNode } from 'react';
import type { Dropdown } from '../../../../shared/api/dropdowns-api';
import type { ApplicationRecord } from '../../api/application-types';
import { MissingList } from './MissingList';
import { ReviewAnswers } from './ReviewAnswers';
import { buildReview, fieldLabel } from './review-model';
import { missingFieldHref } from './ReviewStep';

const en = JSON.parse(readFileSync(join(process.cwd(), 'src/i18n/locales/en.json'), 'utf8')) as Record<string, unknown>;
let i18n: I18n;

beforeAll(async () => {
  i18n = createInstance();
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
});

const render = (node: ReactNode) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>{node}</MemoryRouter>
    </I18nextProvider>,
  );

const dropdowns: Dropdown[] = [
  { id: 1, key: 'states', label: 'States', options: [{ value: 'NY', label: 'New York' }], updated_at: '', computed: false },
  {
    id: 2,
    key: 'yesNo',
    label: 'Yes/No',
    options: [
      { value: 'Yes', label: 'Yes' },
      { value: 'No', label: 'No' },
    ],
    updated_at: '',
    computed: false,
  },
];

const record = {
  Id: 'a1',
  version: 3,
  status: 'draft',
  stepReached: '7',
  firstName: 'Chana',
  lastName: 'Katz',
  email: 'chana@example.com',
  gender: 'Female',
  fieldOfInterest: 'OTD',
  semesterApplied: 'Fall 2026',
  dateOfBirth: '03/04/1998',
  addressState: 'NY',
  maritalStatus: 'Single',
  fatherFirstName: 'Yosef',
  emergencyContact: { name: 'Rivka Katz', phone: '718-555-0101', email: null, relationship: 'Mother' },
  bachelorCollege: 'Touro University',
  seminary: 'Yes',
  seminaryName: 'Other',
  seminaryNameOther: 'Michlalah',
  currentlyEmployed: 'No',
  OTDCourse4: { status: 'Completed', college: 'Hunter College', completion_date: '05/20/2021' },
  completedObservation: { boolean: true, when: '08/01/2024' },
  firstReferenceNameAndNumber: { name: 'Dr. Adler', phone: '212-555-0199', email: 'adler@example.com', relationship: 'Professor' },
} as unknown as ApplicationRecord;

const requirements = {
  steps: [1, 2, 3, 4, 5, 6, 7, 8],
  sections: ['bachelor', 'seminary', 'israelProgram', 'OTDCourses', 'observation', 'references'],
  requiredFields: ['OTDCourse1.status'],
  attachmentSlots: [],
  recommenderSlots: [],
};

describe('review page', () => {
  it('shows every answer grouped by step, with an Edit link per step', () => {
    const groups = buildReview(record, requirements, dropdowns, i18n.t.bind(i18n));
    expect(groups.map((g) => g.step)).toEqual([1, 2, 3, 4, 5, 6]);
    const html = render(<ReviewAnswers groups={groups} stepHref={(s) => `/application/${s}?token=tk`} />);
    for (const value of [
      'Chana',
      'chana@example.com',
      '03/04/1998',
      'New York',
      'Yosef',
      'Rivka Katz',
      'Touro University',
      'Michlalah',
      'Hunter College',
      '05/20/2021',
      '08/01/2024',
      'Dr. Adler',
      'adler@example.com',
    ]) {
      expect(html).toContain(value);
    }
    expect(html).toContain('href="/application/3?token=tk"');
    expect((html.match(/>Edit</g) ?? []).length).toBe(6);
    expect(html).toContain('Statistics');
  });

  it('skips steps that do not apply and sections the program does not show', () => {
    const groups = buildReview(
      record,
      { ...requirements, steps: [1, 2, 3, 4, 7, 8], sections: ['seminary'] },
      dropdowns,
      i18n.t.bind(i18n),
    );
    expect(groups.map((g) => g.step)).toEqual([1, 2, 3, 4]);
    expect(groups.find((g) => g.step === 3)!.rows.map((r) => r.field)).not.toContain('bachelorCollege');
  });

  it('renders the missing answers as links to the field’s step that focus the field', () => {
    const missing = [
      { field: 'emergencyContact.email', step: 2 },
      { field: 'OTDCourse3.status', step: 5 },
      { field: 'mathPrerequisite.tookCourse', step: 5 },
    ];
    const html = render(<MissingList missing={missing} fieldHref={(m) => missingFieldHref('tk', m)} />);
    expect(html).toContain('href="/application/2?token=tk&amp;focus=emergencyContact.email"');
    expect(html).toContain('href="/application/5?token=tk&amp;focus=OTDCourse3.status"');
    expect(html).toContain('Family: Emergency contact e-mail');
    expect(html).toContain('Prerequisites: Statistics: Status'.replace('Statistics', 'Human development or lifespan'));
    expect(html).toContain('role="alert"');
  });

  it('labels server field paths readably', () => {
    const t = i18n.t.bind(i18n);
    const exists = (k: string) => i18n.exists(k);
    expect(fieldLabel(t, exists, 'firstRecommender.email')).toBe('First recommender: e-mail');
    expect(fieldLabel(t, exists, 'mathInfo.completion_date')).toBe('Math: completion date');
    expect(fieldLabel(t, exists, 'unknownThing')).toBe('unknownThing');
  });
});
