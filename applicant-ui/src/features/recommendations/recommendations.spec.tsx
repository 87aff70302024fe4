/**
 * @jest-environment ./src/test/jsdom-environment.js
 */
/**
 * Recommendations on the applicant side (issue 15 item 1): which actions a recommender slot offers, the
 * references step's request panel (send with the waive flag, resend, remove after a confirmation), the
 * compact status list of /home, and the recommender's page (who asked, letter upload, success state,
 * used link refused).
 */
import { jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { answered, refused } from '../../shared/api/api-answer.fixture';
import type { i18n as I18n } from 'i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { api } from '../../shared/api/client';
import { renderWithI18n, testI18n } from '../../test/render-with-i18n';
import { actionsFor, missingForRequest, statusKey } from './recommendation-actions';
import RecommendationPage from './RecommendationPage';
import { RecommendationStatusList } from './RecommendationStatusList';
import { RecommenderPanel } from './RecommenderPanel';
import type { Recommendation } from './recommendations-api';

let i18n: I18n;
beforeAll(async () => {
  i18n = await testI18n();
});
afterEach(() => jest.restoreAllMocks());

const rec = (over: Partial<Recommendation> = {}): Recommendation => ({
  id: '11111111-1111-4111-8111-111111111111',
  slot: 'first',
  name: 'Dr. Miriam Gold',
  email: 'miriam@example.edu',
  relationship: 'Professor',
  waived: false,
  status: 'requested',
  requestedAt: '2026-11-01T12:00:00.000Z',
  lastSentAt: '2026-11-01T12:00:00.000Z',
  openedAt: null,
  receivedAt: null,
  expiresAt: '2026-12-31T12:00:00.000Z',
  remindersSent: 0,
  answeredWith: null,
  ...over,
});
const ok = <T,>(data: T) => answered({ success: true, data });

describe('recommendation actions', () => {
  it('offers Send when nobody was asked, Resend/Replace/Remove while waiting, nothing once received', () => {
    expect(actionsFor(undefined)).toEqual(['send']);
    expect(actionsFor(rec({ status: 'requested' }))).toEqual(['resend', 'replace', 'remove']);
    expect(actionsFor(rec({ status: 'opened' }))).toEqual(['resend', 'replace', 'remove']);
    expect(actionsFor(rec({ status: 'received' }))).toEqual([]);
  });
  it('names the contact fields a request still needs', () => {
    expect(missingForRequest({ name: 'A', email: ' ', relationship: null })).toEqual(['email', 'relationship']);
    expect(missingForRequest({ name: 'A', email: 'a@b.c', relationship: 'Teacher' })).toEqual([]);
    expect(statusKey('opened')).toBe('recommendations.status.opened');
  });
});

describe('RecommenderPanel (references step)', () => {
  const panel = (
    recommendation: Recommendation | undefined,
    contact = { name: 'Dr. Miriam Gold', email: 'miriam@example.edu', relationship: 'Professor' },
  ) => {
    const onChanged = jest.fn();
    renderWithI18n(
      i18n,
      <RecommenderPanel
        applicationId="app-1"
        token="app-token"
        slot="second"
        recommendation={recommendation}
        contact={() => contact}
        onChanged={onChanged}
      />,
    );
    return onChanged;
  };

  it('asks to fill the fields first, then sends the request with the waive flag and the application token', async () => {
    const post = jest.spyOn(api, 'POST').mockResolvedValue(ok(rec({ slot: 'second', waived: true })));
    panel(undefined, { name: 'Dr. Miriam Gold', email: '', relationship: '' });
    expect(screen.getByText('No request sent yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(screen.getByRole('alert').textContent).toBe('Please fill in the e-mail, the relationship above first.');
    expect(post).not.toHaveBeenCalled();
  });

  it('sends: POST with slot, contact and waived; announces where it went', async () => {
    const post = jest.spyOn(api, 'POST').mockResolvedValue(ok(rec({ slot: 'second', waived: true })));
    const onChanged = panel(undefined);
    fireEvent.click(screen.getByLabelText('I waive my right to see this letter'));
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Request e-mailed to miriam@example.edu.'));
    expect(post).toHaveBeenCalledWith('/api/applications/{id}/recommendations', {
      params: { path: { id: 'app-1' } },
      body: { slot: 'second', name: 'Dr. Miriam Gold', email: 'miriam@example.edu', relationship: 'Professor', waived: true },
      headers: { 'X-Application-Token': 'app-token' },
    });
    expect(onChanged).toHaveBeenCalled();
  });

  it('shows the status of a waiting request and offers Resend; a refused resend shows the server message', async () => {
    jest.spyOn(api, 'POST').mockResolvedValue(refused(429, { success: false, code: 'AUTH-429', message: 'Please wait 60 minutes.' }));
    panel(rec({ status: 'opened', waived: true }));
    expect(screen.getByTestId('recommendation-status').textContent).toBe('Opened');
    expect((screen.getByLabelText('I waive my right to see this letter') as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('button', { name: 'Send request' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Please wait 60 minutes.'));
  });

  it('removes only after a confirmation', async () => {
    const remove = jest.spyOn(api, 'DELETE').mockResolvedValue(answered({ success: true }));
    panel(rec());
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('The link sent to Dr. Miriam Gold will stop working.');
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove' }).at(-1)!);
    await waitFor(() =>
      expect(remove).toHaveBeenCalledWith('/api/applications/{id}/recommendations/{rid}', {
        params: { path: { id: 'app-1', rid: '11111111-1111-4111-8111-111111111111' } },
        headers: { 'X-Application-Token': 'app-token' },
      }),
    );
  });

  it('offers nothing once the letter is received', () => {
    panel(rec({ status: 'received' }));
    expect(screen.getByTestId('recommendation-status').textContent).toBe('Received');
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});

describe('RecommendationStatusList (/home)', () => {
  it('lists each recommender with its status', async () => {
    const load = jest.fn(async () => [
      rec({ name: 'Ann', status: 'received' }),
      rec({ id: 'b', slot: 'second', name: 'Ben', status: 'opened' }),
    ]);
    renderWithI18n(i18n, <RecommendationStatusList applicationId="app-1" load={load} />);
    const items = await screen.findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Ann Received', 'Ben Opened']);
    expect(load).toHaveBeenCalledWith('app-1');
  });
  it('shows nothing when nobody was asked, and a line when loading failed', async () => {
    const { container } = renderWithI18n(i18n, <RecommendationStatusList applicationId="a" load={async () => []} />);
    await waitFor(() => expect(container.textContent).toBe(''));
    renderWithI18n(i18n, <RecommendationStatusList applicationId="b" load={() => Promise.reject(new Error('x'))} />);
    expect(await screen.findByText('The recommendations could not be loaded.')).toBeTruthy();
  });
});

describe('RecommendationPage (/recommendation)', () => {
  const open = () =>
    renderWithI18n(
      i18n,
      <MemoryRouter initialEntries={['/recommendation?token=rec-token']}>
        <Routes>
          <Route path="/recommendation" element={<RecommendationPage />} />
        </Routes>
      </MemoryRouter>,
    );
  const request = {
    applicantName: 'Moshe Levi',
    program: 'MSW',
    semester: 'Spring 2026',
    recommenderName: 'Dr. Miriam Gold',
    waived: true,
    status: 'opened',
    expiresAt: '2026-12-31T12:00:00.000Z',
    locale: 'es',
  };

  it('shows who asked and for what, uploads the letter with the link’s token, then a success state', async () => {
    const get = jest.spyOn(api, 'GET').mockResolvedValue(ok(request));
    const post = jest.spyOn(api, 'POST').mockResolvedValue(answered({ success: true, status: 'received' }));
    open();
    expect(await screen.findByRole('heading', { name: 'Recommendation for Moshe Levi' })).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/api/recommendations/request', { params: { header: { 'X-Recommendation-Token': 'rec-token' } } });
    expect(screen.getByText('MSW')).toBeTruthy();
    expect(screen.getByText(/has waived the right to see your letter/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Send recommendation' }));
    expect(screen.getByText('Please choose a file.')).toBeTruthy();
    const file = new File(['%PDF-1.4'], 'letter.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Your letter'), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Send recommendation' }));
    expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeTruthy();
    const [url, init] = post.mock.calls[0] as unknown as [string, { body: FormData; params: unknown }];
    expect(url).toBe('/api/recommendations/letter');
    expect((init.body.get('file') as File).name).toBe('letter.pdf');
    expect(init.params).toEqual({ header: { 'X-Recommendation-Token': 'rec-token' } });
  });

  it('sends the short form instead', async () => {
    jest.spyOn(api, 'GET').mockResolvedValue(ok({ ...request, waived: false }));
    const post = jest.spyOn(api, 'POST').mockResolvedValue(answered({ success: true, status: 'received' }));
    open();
    fireEvent.click(await screen.findByLabelText('Answer a short form'));
    fireEvent.change(screen.getByLabelText(/How long, and in what role/), { target: { value: 'Two years' } });
    fireEvent.change(screen.getByLabelText(/main strengths/), { target: { value: 'Kind' } });
    fireEvent.change(screen.getByLabelText(/overall recommendation/), { target: { value: 'strongly' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send recommendation' }));
    expect(await screen.findByTestId('recommender-done')).toBeTruthy();
    expect((post.mock.calls[0]?.[1] as { body?: unknown } | undefined)?.body).toEqual({
      acquaintance: 'Two years',
      strengths: 'Kind',
      overall: 'strongly',
      comments: undefined,
    });
  });

  it('says so when the link was already used', async () => {
    jest
      .spyOn(api, 'GET')
      .mockResolvedValue(refused(410, { success: false, code: 'TKN-004', message: 'This recommendation has already been sent.' }));
    open();
    expect((await screen.findByRole('alert')).textContent).toBe('This recommendation has already been sent.');
    expect(screen.getByRole('heading', { name: 'This link cannot be used' })).toBeTruthy();
  });
});
