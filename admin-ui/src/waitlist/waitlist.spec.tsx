/**
 * @jest-environment ./src/test/jsdom-environment.js
 */
/**
 * The Waitlist page's parts (issue 29 item 4) as the office meets them, with the console's real English
 * messages: the ranked table (rank fields and move buttons named per applicant, disabled at the ends; a typed
 * rank moves once on Enter; a rank out of range moves nothing; those who withdrew listed apart, not choosable),
 * and the "Admit from waitlist" dialog (the seat figures, the over-capacity warning whose checkbox must be
 * ticked before confirming, the body sent, and the server's own figures when it refuses over capacity).
 */
import { jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, type I18nProvider } from 'react-admin';
import { api } from '../api/client';
import { createI18nProvider } from '../i18n/i18nProvider';
import { AdmitDialog } from './AdmitDialog';
import { WaitlistTable } from './WaitlistTable';
import { admitCheck, overCapacityOf, parseRank, rankedEntries, type WaitlistEntry, type WaitlistView } from './waitlist';

let i18nProvider: I18nProvider;
beforeAll(async () => {
  i18nProvider = await createI18nProvider('en');
});
afterEach(() => jest.restoreAllMocks());

const entry = (id: string, rank: number | null, name: string, over: Partial<WaitlistEntry> = {}): WaitlistEntry => ({
  id,
  rank,
  name,
  referenceNumber: `10${id.length}${rank ?? 0}`,
  reply: rank === null ? 'withdrawn_from_waitlist' : null,
  repliedAt: null,
  decidedAt: '2031-03-01T15:00:00.000Z',
  releasedAt: '2031-03-02T15:00:00.000Z',
  replyDeadlineAt: null,
  ...over,
});

const VIEW: WaitlistView = {
  offeringId: 12,
  programName: 'MSW',
  programLabel: 'Social Work (MSW)',
  gender: 'male',
  termKey: 'Fall 2031',
  termLabel: 'Fall 2031',
  replyDeadlineAt: '2031-05-01T03:59:00.000Z',
  seats: { seats: 10, taken: 6, offersOut: 2, seatsLeft: 4 },
  version: 'abcdef0123456789',
  ranked: 3,
  entries: [
    entry('ana', 1, 'Ana Ruiz'),
    entry('wang', 2, '王芳', { reply: 'staying_on_waitlist', releasedAt: null }),
    entry('bea', 3, 'Bea Cohen'),
    entry('gone', null, 'Dov Levi'),
  ],
};

const inAdmin = (node: ReactNode) => render(<AdminContext i18nProvider={i18nProvider}>{node}</AdminContext>);

describe('the waitlist table', () => {
  it('lists the ranked applicants with named controls, disables moves at the ends, and lists those who withdrew apart', async () => {
    inAdmin(<WaitlistTable view={VIEW} selected={new Set(['wang'])} onToggle={() => {}} onToggleAll={() => {}} onMove={() => {}} />);
    const table = await screen.findByRole('table', { name: 'Waitlist' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[3]!.textContent)).toEqual(['Ana Ruiz', '王芳', 'Bea Cohen']);
    expect((screen.getByLabelText('Rank of 王芳') as HTMLInputElement).value).toBe('2');
    expect((screen.getByRole('button', { name: 'Move Ana Ruiz up' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move Bea Cohen down' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move 王芳 up' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'Choose 王芳' }) as HTMLInputElement).checked).toBe(true);
    expect(within(rows[1]!).getByText('Staying')).toBeTruthy();
    expect(within(rows[1]!).getByText('Not released yet')).toBeTruthy();
    // the one who withdrew: no rank field, no checkbox, in the list below
    expect(screen.queryByLabelText('Rank of Dov Levi')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Choose Dov Levi' })).toBeNull();
    expect(within(screen.getByTestId('waitlist-withdrawn')).getByText(/Dov Levi/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Left the waitlist' })).toBeTruthy();
  });

  it('moves with the arrows and with a typed rank (once, on Enter), ignores a rank out of range, and chooses applicants', async () => {
    const onMove = jest.fn<(e: WaitlistEntry, rank: number) => void>();
    const onToggle = jest.fn<(id: string) => void>();
    const onToggleAll = jest.fn<(all: boolean) => void>();
    inAdmin(<WaitlistTable view={VIEW} selected={new Set()} onToggle={onToggle} onToggleAll={onToggleAll} onMove={onMove} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Move Bea Cohen up' }));
    expect(onMove).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'bea' }), 2);
    fireEvent.click(screen.getByRole('button', { name: 'Move Ana Ruiz down' }));
    expect(onMove).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'ana' }), 2);

    const rank = screen.getByLabelText('Rank of Ana Ruiz') as HTMLInputElement;
    fireEvent.change(rank, { target: { value: '3' } });
    fireEvent.keyDown(rank, { key: 'Enter' });
    fireEvent.blur(rank);
    expect(onMove).toHaveBeenCalledTimes(3);
    expect(onMove).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'ana' }), 3);

    const other = screen.getByLabelText('Rank of Bea Cohen') as HTMLInputElement;
    fireEvent.change(other, { target: { value: '9' } });
    fireEvent.keyDown(other, { key: 'Enter' });
    expect(other.getAttribute('aria-invalid')).toBe('true');
    fireEvent.blur(other);
    expect(other.value).toBe('3');
    expect(onMove).toHaveBeenCalledTimes(3);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose Bea Cohen' }));
    expect(onToggle).toHaveBeenCalledWith('bea');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose everyone on the waitlist' }));
    expect(onToggleAll).toHaveBeenCalledWith(true);
  });
});

describe('the admit dialog', () => {
  const chosen = rankedEntries(VIEW).slice(0, 3);

  it('shows the seats, warns past capacity, and admits only once the office acknowledges it', async () => {
    const post = jest.spyOn(api, 'POST').mockResolvedValue({
      data: { admitted: 3, ids: chosen.map((e) => e.id), releaseAt: '', replyBy: null, seats: admitCheck(VIEW, 3), waitlist: VIEW },
      response: new Response(null, { status: 200 }),
    } as never);
    const onAdmitted = jest.fn();
    inAdmin(<AdmitDialog view={VIEW} chosen={chosen} onClose={() => {}} onAdmitted={onAdmitted} />);
    const dialog = await screen.findByRole('dialog', { name: 'Admit 3 applicants from the waitlist' });
    const figures = within(dialog).getByTestId('admit-figures');
    expect(within(figures).getByText('Seats left').nextSibling!.textContent).toBe('4');
    expect(within(figures).getByText('Left if every offer is accepted').nextSibling!.textContent).toBe('-1');
    expect(within(dialog).getByTestId('admit-over-capacity').textContent).toContain(
      'This passes the seats: 6 accepted and 2 offers awaiting a reply, plus 3 now, for 10 seats.',
    );
    const confirm = within(dialog).getByRole('button', { name: 'Admit and release the letters' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'I understand: admit past the seats' }));
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(onAdmitted).toHaveBeenCalled());
    expect(post).toHaveBeenCalledWith('/api/admin/offerings/{id}/waitlist/admit', {
      params: { path: { id: '12' } },
      body: { ids: ['ana', 'wang', 'bea'], acknowledgeOverCapacity: true },
    });
  });

  it('within the seats asks for no acknowledgement; a refusal over capacity from the server shows its figures and asks for it', async () => {
    const refusal = { seats: 10, taken: 8, offersOut: 2, requested: 1, seatsLeft: 2, freeAfter: -1, overCapacity: true };
    const post = jest.spyOn(api, 'POST').mockResolvedValue({
      error: { success: false, code: 'SEAT-409-over-capacity', message: 'Admitting 1 would pass…', data: refusal },
      response: new Response(null, { status: 409 }),
    } as never);
    inAdmin(<AdmitDialog view={VIEW} chosen={chosen.slice(0, 1)} onClose={() => {}} onAdmitted={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Admit 1 applicant from the waitlist' });
    expect(within(dialog).queryByTestId('admit-over-capacity')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Admit and release the letter' }));
    await within(dialog).findByTestId('admit-over-capacity');
    expect(post.mock.calls[0]![1]).toEqual({ params: { path: { id: '12' } }, body: { ids: ['ana'] } });
    expect(within(within(dialog).getByTestId('admit-figures')).getByText('Accepted').nextSibling!.textContent).toBe('8');
    expect((within(dialog).getByRole('button', { name: 'Admit and release the letter' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('waitlist helpers', () => {
  it('reads a typed rank, and the figures of a 409 over capacity', () => {
    expect([parseRank('2', 3), parseRank(' 3 ', 3), parseRank('0', 3), parseRank('4', 3), parseRank('1.5', 3), parseRank('', 3)]).toEqual([
      2,
      3,
      null,
      null,
      null,
      null,
    ]);
    const data = { seats: 1, taken: 1, offersOut: 0, requested: 1, seatsLeft: 0, freeAfter: -1, overCapacity: true };
    expect(overCapacityOf({ body: { code: 'SEAT-409-over-capacity', data } })).toEqual(data);
    expect(overCapacityOf({ body: { code: 'WTL-409-stale', data } })).toBeNull();
    expect(overCapacityOf(new Error('x'))).toBeNull();
  });
});
