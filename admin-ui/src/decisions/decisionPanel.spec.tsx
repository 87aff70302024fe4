/**
 * @jest-environment ./src/test/jsdom-environment.js
 */
/**
 * The decision panel's admit past the offering's seats (issue 29 item 4), with the console's real English
 * messages: the server's refusal (409 SEAT-409-over-capacity) opens a dialog with its figures, whose Record
 * button waits for the acknowledgement; then the admit is sent again with `acknowledgeOverCapacity: true`.
 */
import { jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, RecordContextProvider, type I18nProvider } from 'react-admin';
import { api } from '../api/client';
import { createI18nProvider } from '../i18n/i18nProvider';
import { DecisionPanel } from './DecisionPanel';

let i18nProvider: I18nProvider;
beforeAll(async () => {
  i18nProvider = await createI18nProvider('en');
});
afterEach(() => jest.restoreAllMocks());

const ID = '6f1c2d4e-0000-4000-8000-0000000000bb';
const UNDECIDED = {
  id: ID,
  status: 'complete',
  decision: null,
  decidedAt: null,
  decidedBy: null,
  decisionReleaseAt: null,
  decisionReleasedAt: null,
};
const json = (status: number, body: unknown) =>
  ({ data: status < 300 ? body : undefined, error: status >= 300 ? body : undefined, response: new Response(null, { status }) }) as never;

describe('DecisionPanel past the seats', () => {
  it('asks the office to acknowledge an admit past the seats, then records it acknowledged', async () => {
    jest.spyOn(api, 'GET').mockResolvedValue(json(200, UNDECIDED));
    const refusal = { seats: 1, taken: 2, offersOut: 0, requested: 1, seatsLeft: -1, freeAfter: -2, overCapacity: true };
    const put = jest
      .spyOn(api, 'PUT')
      .mockResolvedValueOnce(
        json(409, { success: false, code: 'SEAT-409-over-capacity', message: 'Admitting 1 would pass…', data: refusal }),
      )
      .mockResolvedValueOnce(json(200, { ...UNDECIDED, status: 'decided', decision: 'admitted', decidedAt: '2031-03-01T15:00:00.000Z' }));
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <RecordContextProvider value={{ id: ID }}>
          <DecisionPanel />
        </RecordContextProvider>
      </AdminContext>,
    );
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Decision' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Admitted' }));
    fireEvent.click(screen.getByRole('button', { name: 'Record decision' }));

    const dialog = await screen.findByRole('dialog', { name: 'Admit past the seats?' });
    expect(within(dialog).getByTestId('decision-over-capacity').textContent).toContain(
      'This passes the seats: 2 accepted and 0 offers awaiting a reply, plus 1 now, for 1 seats.',
    );
    const confirm = within(dialog).getByRole('button', { name: 'Record decision' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'I understand: admit past the seats' }));
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(put).toHaveBeenCalledTimes(2));
    expect(put.mock.calls[0]![1]).toEqual({ params: { path: { id: ID } }, body: { decision: 'admitted' } });
    expect(put.mock.calls[1]![1]).toEqual({ params: { path: { id: ID } }, body: { decision: 'admitted', acknowledgeOverCapacity: true } });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Admit past the seats?' })).toBeNull());
  });
});
