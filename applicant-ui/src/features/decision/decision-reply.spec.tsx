/**
 * @jest-environment ./src/test/jsdom-environment.js
 */
/**
 * The reply to a released decision (issue 29 item 1) as the applicant meets it: the choices the server
 * offers as radio buttons under the question, the decline reason and deferral fields only under the choice
 * that asks for them, client errors before any request, the body sent with only the chosen fields, the
 * recorded answer announced, the office's answer to a deferral request (issue 29 item 3), and after the
 * deadline only the answer and the office to contact.
 */
import { jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { answered, refused } from '../../shared/api/api-answer.fixture';
import { api } from '../../shared/api/client';
import { renderWithI18n, testI18n } from '../../test/render-with-i18n';
import { DecisionReplyForm } from './DecisionReplyForm';
import type { DecisionReply } from './reply-api';

let i18n: I18n;
beforeAll(async () => {
  i18n = await testI18n();
});
afterEach(() => jest.restoreAllMocks());

const ADMITTED: DecisionReply = {
  applicationId: 'app-1',
  decision: 'admitted',
  reply: null,
  repliedAt: null,
  deadlineAt: '2031-05-01T03:59:59.000Z',
  deadlineText: 'April 30, 2031 11:59 PM (Eastern Daylight Time)',
  choices: ['accept', 'decline', 'defer'],
  closedCode: null,
  reason: null,
  reasonLabel: null,
  attendingInstead: null,
  deferTo: null,
  deferToLabel: null,
  deferralNote: null,
  deferralDecision: null,
  deferralDecisionNote: null,
  deferralSemesters: [{ key: 'Spring 2032', label: 'Spring 2032', startsOn: '2032-01-10' }],
};
const REASONS = [
  {
    id: 9,
    key: 'declineReasons',
    label: 'Reasons',
    updated_at: '',
    computed: false,
    options: [{ value: 'cost', label: 'Cost or financial aid' }],
  },
];

/** GET answers: the reply state, or the option lists. */
function serve(reply: DecisionReply) {
  return jest
    .spyOn(api, 'GET')
    .mockImplementation(((path: string) => Promise.resolve(path === '/api/dropdowns' ? answered(REASONS) : answered(reply))) as never);
}

describe('the reply to a released decision', () => {
  it('asks an admitted applicant, with the deadline, and sends a decline with its reason only', async () => {
    serve(ADMITTED);
    const put = jest
      .spyOn(api, 'PUT')
      .mockResolvedValue(answered({ ...ADMITTED, reply: 'declined', repliedAt: '2031-04-02T10:00:00.000Z', reason: 'cost' }));
    renderWithI18n(i18n, <DecisionReplyForm id="app-1" token="tok" />);
    const group = await screen.findByRole('group', { name: 'Will you join us?' });
    expect(group.querySelectorAll('input[type=radio]')).toHaveLength(3);
    expect(screen.getByText('Please reply by April 30, 2031 11:59 PM (Eastern Daylight Time).')).toBeTruthy();
    expect(screen.queryByLabelText(/Why are you declining/)).toBeNull();

    // nothing chosen: a client error, no request
    fireEvent.click(screen.getByRole('button', { name: 'Send my answer' }));
    expect(await screen.findByText('Choose an answer')).toBeTruthy();
    expect(put).not.toHaveBeenCalled();

    fireEvent.click(screen.getByLabelText('No, I decline the offer'));
    const reason = await screen.findByLabelText(/Why are you declining/);
    fireEvent.click(screen.getByRole('button', { name: 'Send my answer' }));
    expect(await screen.findByText('Choose a reason')).toBeTruthy();
    expect(put).not.toHaveBeenCalled();

    fireEvent.change(reason, { target: { value: 'cost' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send my answer' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect((put.mock.calls[0]![1] as { body: unknown }).body).toEqual({ choice: 'decline', reason: 'cost', attendingInstead: undefined });
    const status = await screen.findByTestId('reply-current');
    expect(status.getAttribute('role')).toBe('status');
    expect(status.textContent).toBe('Thank you. Your answer has been recorded: you declined the offer.');
    expect(screen.getByRole('button', { name: 'Change my answer' })).toBeTruthy();
  });

  it('asks for the semester and the reason of a deferral, and shows the server’s field error on its field', async () => {
    serve(ADMITTED);
    jest.spyOn(api, 'PUT').mockResolvedValue(
      refused(422, {
        success: false,
        code: 'VAL-001',
        message: 'Invalid',
        errors: { deferTo: ['That semester no longer takes deferrals.'] },
      }),
    );
    renderWithI18n(i18n, <DecisionReplyForm id="app-1" token="tok" />);
    fireEvent.click(await screen.findByLabelText('I would like to start in a later semester'));
    fireEvent.change(await screen.findByLabelText(/Semester you would like to start/), { target: { value: 'Spring 2032' } });
    fireEvent.change(screen.getByLabelText(/Why would you like to start later/), { target: { value: 'Military service' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send my answer' }));
    expect(await screen.findByText('That semester no longer takes deferrals.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Semester you would like to start/)));
  });

  it('offers a waitlisted applicant to stay or withdraw', async () => {
    serve({ ...ADMITTED, decision: 'waitlisted', choices: ['stay', 'withdraw'], deferralSemesters: [] });
    renderWithI18n(i18n, <DecisionReplyForm id="app-1" token="tok" />);
    const group = await screen.findByRole('group', { name: 'Do you want to stay on the waitlist?' });
    expect([...group.querySelectorAll('label')].map((l) => l.textContent)).toEqual([
      'Yes, keep me on the waitlist',
      'No, take me off the waitlist',
    ]);
  });

  it('after the deadline shows the answer given and whom to contact, and no form', async () => {
    serve({ ...ADMITTED, reply: 'accepted', choices: [], closedCode: 'RPL-422-late' });
    renderWithI18n(i18n, <DecisionReplyForm id="app-1" token="tok" />);
    expect((await screen.findByTestId('reply-current')).textContent).toContain('you accepted the offer');
    expect(screen.getByTestId('reply-closed').textContent).toContain('April 30, 2031 11:59 PM (Eastern Daylight Time)');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('tells the applicant the office approved the deferral request, with its note', async () => {
    const approved: DecisionReply = {
      ...ADMITTED,
      deferTo: 'Spring 2032',
      deferToLabel: 'Spring 2032',
      deferralNote: 'Military service',
      deferralDecision: 'approved',
      deferralDecisionNote: 'Welcome next year',
    };
    serve(approved);
    renderWithI18n(i18n, <DecisionReplyForm id="app-1" token="tok" />);
    const notice = await screen.findByTestId('reply-deferral-decision');
    expect(notice.textContent).toContain('Your request to start in Spring 2032 was approved.');
    expect(notice.textContent).toContain('Note from the admissions office: Welcome next year');
    // the applicant confirms for the new semester
    expect(screen.getByRole('group', { name: 'Will you join us?' })).toBeTruthy();
  });

  it('says the same in Chinese', async () => {
    serve({ ...ADMITTED, deferTo: 'Spring 2032', deferToLabel: '2032年春季', deferralDecision: 'approved', deferralDecisionNote: '欢迎' });
    renderWithI18n(await testI18n('zh-CN'), <DecisionReplyForm id="app-1" token="tok" />);
    const notice = await screen.findByTestId('reply-deferral-decision');
    expect(notice.textContent).toContain('您推迟至2032年春季入学的申请已获批准');
    expect(notice.textContent).toContain('招生办公室的说明：欢迎');
  });

  it('tells the applicant a deferral request was declined (es), with the note, and asks again for the original offer', async () => {
    serve({
      ...ADMITTED,
      deferTo: 'Spring 2032',
      deferToLabel: 'primavera 2032',
      deferralDecision: 'denied',
      deferralDecisionNote: 'Sin plazas',
    });
    renderWithI18n(await testI18n('es'), <DecisionReplyForm id="app-1" token="tok" />);
    const notice = await screen.findByTestId('reply-deferral-decision');
    expect(notice.textContent).toContain('No se aprobó su solicitud de comenzar en primavera 2032.');
    expect(notice.textContent).toContain('Nota de la oficina de admisiones: Sin plazas');
    expect(screen.getAllByRole('radio')).toHaveLength(3);
  });

  it('shows no deferral answer while none was given', async () => {
    serve(ADMITTED);
    renderWithI18n(i18n, <DecisionReplyForm id="app-1" token="tok" />);
    await screen.findByRole('group', { name: 'Will you join us?' });
    expect(screen.queryByTestId('reply-deferral-decision')).toBeNull();
  });

  it('renders nothing before a decision is released', async () => {
    const get = jest.spyOn(api, 'GET').mockResolvedValue(refused(404, { success: false, code: 'DEC-404', message: 'No decision' }));
    const { container } = renderWithI18n(i18n, <DecisionReplyForm id="app-1" token="tok" />);
    await waitFor(() => expect(get).toHaveBeenCalled());
    expect(container.textContent).toBe('');
  });
});
