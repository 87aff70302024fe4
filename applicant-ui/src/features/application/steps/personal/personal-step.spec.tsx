/**
 * @jest-environment ./src/test/jsdom-environment.js
 */
/**
 * Step 1's program choice over the admission cycles of issue 25: the semesters are the program's offerings
 * open now (the API's labels); a draft whose semester closed still shows it — marked closed, with a notice
 * that an open one may be chosen keeping every answer — and may go on with it; only programs open now (and
 * the saved one) are offered; a save the server refuses because the term closed meanwhile shows the
 * server's message on the semester field and keeps the answer.
 */
import { jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { useEffect } from 'react';
import { answered, refused } from '../../../../shared/api/api-answer.fixture';
import { api } from '../../../../shared/api/client';
import { renderWithI18n, testI18n } from '../../../../test/render-with-i18n';
import type { Program, ProgramCourse, Semester } from '../../../welcome/programs-api';
import { recordOf } from '../../api/application-record.fixture';
import type { ApplicationRecord } from '../../api/application-types';
import { ApplicationProvider, useApplication } from '../../ApplicationContext';
import { PersonalStep } from './PersonalStep';

let i18n: I18n;
beforeAll(async () => {
  i18n = await testI18n();
});
afterEach(() => jest.restoreAllMocks());

// example term keys and labels as the API sends them
const course = (semester: string, label: string, locations: string[] = []): ProgramCourse => ({
  semester,
  label,
  locations,
  closesAt: '2031-07-31T03:59:00.000Z',
  deadlineAt: null,
});
const program = (name: string, courses: ProgramCourse[], nextOpensAt: string | null = null): Program => ({
  name,
  program: 'graduate',
  label: `${name} label`,
  popup: { title: name, semesters: 4, college: 'Touro University' },
  courses,
  nextOpensAt,
  flags: {},
});
const PROGRAMS = [program('MSW', [course('Fall 2031', 'Autumn term (API label)')]), program('MBA', [], '2031-03-01T14:00:00.000Z')];
const SEMESTERS: Semester[] = [{ name: 'Fall 2031', begins: '2031-09', startsOn: '2031-09-02', label: 'Autumn term (API label)' }];

function catalogueAnswers() {
  return jest
    .spyOn(api, 'GET')
    .mockImplementation(((path: string) => Promise.resolve(answered(path === '/api/programs' ? PROGRAMS : SEMESTERS))) as never);
}

function Loaded({ record }: { record: ApplicationRecord }) {
  const { record: loaded, setLoaded } = useApplication();
  useEffect(() => setLoaded(record, 'app-token'), [record, setLoaded]);
  return loaded ? (
    <PersonalStep
      record={loaded}
      dropdowns={[]}
      requirements={{ steps: [1, 2], sections: [], requiredFields: [], attachmentSlots: [], recommenderSlots: [] }}
      onNavigate={() => undefined}
      onNext={{ target: 2, go: () => undefined }}
      onBack={() => undefined}
    />
  ) : null;
}

function renderStep(record: ApplicationRecord) {
  renderWithI18n(
    i18n,
    <ApplicationProvider>
      <Loaded record={record} />
    </ApplicationProvider>,
  );
}

const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const optionsOf = (el: HTMLSelectElement) => [...el.options].slice(1).map((o) => [o.value, o.textContent]);
const describedBy = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '');

describe('step 1: semesters open now, the saved one kept', () => {
  it('keeps a closed saved semester visible, marked closed with a notice, and offers the open ones', async () => {
    catalogueAnswers();
    renderStep(recordOf({ Id: 'app-closed-1', fieldOfInterest: 'MSW', semesterApplied: 'Spring 2031', location: 'Online' }));

    await waitFor(() => expect(optionsOf(select('Semester')).length).toBe(2));
    expect(optionsOf(select('Semester'))).toEqual([
      ['Fall 2031', 'Autumn term (API label)'],
      ['Spring 2031', 'Spring 2031 (closed)'],
    ]);
    expect(select('Semester').value).toBe('Spring 2031');
    expect(select('Location').value).toBe('Online');
    expect(describedBy(select('Semester'))).toEqual([
      'Applications for Spring 2031 are closed. You may choose a program and semester that are open now; all your answers are kept.',
    ]);
    // programs with nothing open now are not offered; the saved one is
    expect(optionsOf(select('Field of interest'))).toEqual([['MSW', 'MSW label']]);

    fireEvent.change(select('Semester'), { target: { value: 'Fall 2031' } });
    expect(select('Semester').getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByLabelText('Location')).toBeNull();
  });

  it("shows the server's message on the semester when a save is refused because the term closed, keeping the answer", async () => {
    catalogueAnswers();
    const closed = 'Applications for this program and term are closed. Choose a term that is open; your answers are kept.';
    const patch = jest.spyOn(api, 'PATCH').mockResolvedValue(
      refused(422, {
        success: false,
        code: 'VAL-001',
        message: 'Some fields need your attention.',
        errors: { semesterApplied: [closed] },
      }),
    );
    renderStep(recordOf({ Id: 'app-closed-2', fieldOfInterest: 'MSW', semesterApplied: 'Spring 2031', location: 'Online' }));
    await waitFor(() => expect(optionsOf(select('Semester')).length).toBe(2));

    fireEvent.change(select('Semester'), { target: { value: 'Fall 2031' } });
    await waitFor(() => expect(patch).toHaveBeenCalled(), { timeout: 4000 });
    await waitFor(() => expect(describedBy(select('Semester'))).toEqual([`Not saved: ${closed}`]), { timeout: 4000 });
    expect(select('Semester').getAttribute('aria-invalid')).toBe('true');
    expect(select('Semester').value).toBe('Fall 2031');
    expect(patch.mock.calls[0]![1]).toMatchObject({ body: { semesterApplied: 'Fall 2031', location: null } });
  });
});
