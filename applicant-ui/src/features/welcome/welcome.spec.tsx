/**
 * @jest-environment ./src/test/jsdom-environment.js
 */
/**
 * The welcome page over the admission cycles of issue 25: only what is open now can be started. A program
 * with nothing open is listed, announced as not open (aria-disabled, described by the reason: when it
 * opens, on the browser's clock, or that nothing is planned) and cannot be chosen; the semesters of an open
 * one are its `courses` by the API's labels, with "Apply by …" for the round's deadline; a start refused
 * because the offering closed meanwhile shows the server's message on the semester field, linked from the
 * form's alert, reloads the catalogue and keeps what was typed, so another semester can be chosen.
 */
import { jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { answered, refused } from '../../shared/api/api-answer.fixture';
import { api } from '../../shared/api/client';
import { formatInstant } from '../../shared/lib/instant-format';
import { renderWithI18n, testI18n } from '../../test/render-with-i18n';
import { recordOf } from '../application/api/application-record.fixture';
import { ApplicationProvider } from '../application/ApplicationContext';
import type { Program, ProgramCourse } from './programs-api';
import WelcomePage from './WelcomePage';

let i18n: I18n;
beforeAll(async () => {
  i18n = await testI18n();
});
afterEach(() => jest.restoreAllMocks());

// example term keys (the wire values of `semesterApplied`) and labels as the API would send them
const DEADLINE = '2031-06-30T03:59:00.000Z';
const OPENS = '2031-01-15T14:00:00.000Z';
const course = (semester: string, label: string, over: Partial<ProgramCourse> = {}): ProgramCourse => ({
  semester,
  label,
  locations: [],
  closesAt: '2031-07-31T03:59:00.000Z',
  deadlineAt: null,
  ...over,
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

const AUTUMN = course('Fall 2031', 'Autumn term (API label)', { deadlineAt: DEADLINE });
const SPRING = course('Spring 2032', 'Spring term (API label)');
const catalogue = (courses: ProgramCourse[]) => [program('MSW', courses), program('MBA', [], OPENS), program('OTD', [])];

function renderPage() {
  renderWithI18n(
    i18n,
    <ApplicationProvider>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<WelcomePage />} />
          <Route path="/application/1" element={<p>step 1</p>} />
        </Routes>
      </MemoryRouter>
    </ApplicationProvider>,
  );
}

const semesterSelect = () => screen.getByLabelText('3. Semester') as HTMLSelectElement;
const describedBy = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '');

async function chooseGender() {
  fireEvent.click(screen.getByLabelText('Female'));
  await screen.findByLabelText('MSW label');
}

describe('welcome page: only what is open now can be started', () => {
  it('announces a program with nothing open as not open, with when it opens, and does not let it be chosen', async () => {
    jest.spyOn(api, 'GET').mockResolvedValue(answered(catalogue([AUTUMN])));
    renderPage();
    await chooseGender();

    const mba = screen.getByLabelText('MBA label') as HTMLInputElement;
    expect(mba.getAttribute('aria-disabled')).toBe('true');
    expect(describedBy(mba)).toEqual([`Applications open on ${formatInstant(OPENS, 'en')}`]);
    const otd = screen.getByLabelText('OTD label') as HTMLInputElement;
    expect(otd.getAttribute('aria-disabled')).toBe('true');
    expect(describedBy(otd)).toEqual(['Not open for applications at the moment']);
    expect((screen.getByLabelText('MSW label') as HTMLInputElement).getAttribute('aria-disabled')).toBeNull();

    fireEvent.click(mba);
    expect(mba.checked).toBe(false);
    expect(screen.queryByLabelText('3. Semester')).toBeNull();
  });

  it("offers the chosen program's open courses by their API labels and shows the round's deadline", async () => {
    jest.spyOn(api, 'GET').mockResolvedValue(answered(catalogue([AUTUMN, SPRING])));
    renderPage();
    await chooseGender();
    fireEvent.click(screen.getByLabelText('MSW label'));

    const options = [...semesterSelect().options].slice(1).map((o) => [o.value, o.textContent]);
    expect(options).toEqual([
      ['Fall 2031', 'Autumn term (API label)'],
      ['Spring 2032', 'Spring term (API label)'],
    ]);
    fireEvent.change(semesterSelect(), { target: { value: 'Fall 2031' } });
    expect(describedBy(semesterSelect())).toEqual([`Apply by ${formatInstant(DEADLINE, 'en')}`]);
    fireEvent.change(semesterSelect(), { target: { value: 'Spring 2032' } });
    expect(semesterSelect().getAttribute('aria-describedby')).toBeNull();
    expect(screen.getByRole('button', { name: 'Start application' })).toBeTruthy();
  });

  it('tells in the details popup what is open now, or why nothing is', async () => {
    jest.spyOn(api, 'GET').mockResolvedValue(answered(catalogue([AUTUMN, SPRING])));
    renderPage();
    await chooseGender();
    fireEvent.click(screen.getByRole('button', { name: 'Details of MSW label' }));
    const open = screen.getByText('Open for applications').nextElementSibling!;
    expect([...open.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      `Autumn term (API label) — Apply by ${formatInstant(DEADLINE, 'en')}`,
      'Spring term (API label)',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByRole('button', { name: 'Details of MBA label' }));
    expect(screen.getByText('Open for applications').nextElementSibling!.textContent).toBe(
      `Applications open on ${formatInstant(OPENS, 'en')}`,
    );
  });

  it('shows a refused start on the semester, reloads what is open, keeps the answers and starts with another semester', async () => {
    const closed = 'Applications for this program and term are closed. Choose a term that is open; your answers are kept.';
    const get = jest
      .spyOn(api, 'GET')
      .mockResolvedValueOnce(answered(catalogue([AUTUMN, SPRING])))
      .mockResolvedValue(answered(catalogue([SPRING])));
    const post = jest
      .spyOn(api, 'POST')
      .mockResolvedValueOnce(
        refused(422, { success: false, code: 'VAL-001', message: 'Some fields need your attention.', errors: { semester: [closed] } }),
      )
      .mockResolvedValue(answered({ success: true, token: 'app-token', data: recordOf({ semesterApplied: 'Spring 2032' }) }));
    renderPage();
    await chooseGender();
    fireEvent.click(screen.getByLabelText('MSW label'));
    fireEvent.change(semesterSelect(), { target: { value: 'Fall 2031' } });
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Diaz' } });
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ana@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start application' }));

    // the server's message on the field, linked from the alert
    await waitFor(() => expect(semesterSelect().getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(semesterSelect())).toContain(closed);
    const alert = screen.getByTestId('start-failure');
    expect(alert.textContent).toContain('Some fields need your attention.');
    expect(screen.getByRole('link', { name: `3. Semester: ${closed}` }).getAttribute('href')).toBe(`#${semesterSelect().id}`);

    // what is open was asked again: the closed term is gone, the choice is cleared, the answers are kept
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
    await waitFor(() => expect([...semesterSelect().options].map((o) => o.value)).toEqual(['', 'Spring 2032']));
    expect(semesterSelect().value).toBe('');
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Ana');
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('ana@example.com');

    fireEvent.change(semesterSelect(), { target: { value: 'Spring 2032' } });
    expect(semesterSelect().getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Start application' }));
    await screen.findByText('step 1');
    expect(post).toHaveBeenCalledTimes(2);
    expect(post.mock.calls[1]![1]).toMatchObject({
      body: {
        gender: 'Female',
        fieldOfInterest: 'MSW',
        semester: 'Spring 2032',
        firstName: 'Ana',
        lastName: 'Diaz',
        email: 'ana@example.com',
      },
    });
  });
});
