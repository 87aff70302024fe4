/**
 * @jest-environment ./src/test/jsdom-environment.js
 */
/**
 * Refund and Void of a payment in the console (issue 29 item 2), with the console's real English messages:
 * offered only for an approved charge not reversed yet; a confirmation dialog that names the amount and asks for
 * a note; for a deposit of a non-refundable offering the exception box and a note are required before anything
 * is sent; the body sent; the server's refusal shown as it says it, the dialog kept open.
 */
import { jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, type I18nProvider } from 'react-admin';
import { api } from '../api/client';
import { createI18nProvider } from '../i18n/i18nProvider';
import { canReverse, needsOverride, reversalBody, type ReversiblePayment } from './paymentReversal';
import { PaymentReversalButtons } from './PaymentReversalButtons';

let i18nProvider: I18nProvider;
beforeAll(async () => {
  i18nProvider = await createI18nProvider('en');
});
afterEach(() => jest.restoreAllMocks());

const DEPOSIT: ReversiblePayment = {
  id: '6f1c2d4e-0000-4000-8000-0000000000aa',
  purpose: 'enrollment_deposit',
  status: 'approved',
  reversible: true,
  refundable: true,
};
const json = (status: number, body: unknown) =>
  ({ data: status < 300 ? body : undefined, error: status >= 300 ? body : undefined, response: new Response(null, { status }) }) as never;
const inAdmin = (node: ReactNode) => render(<AdminContext i18nProvider={i18nProvider}>{node}</AdminContext>);

describe('payment reversal helpers', () => {
  it('offers refund and void for an approved charge not reversed yet only', () => {
    expect(canReverse(DEPOSIT)).toBe(true);
    expect(canReverse({ ...DEPOSIT, status: 'waived', reversible: false })).toBe(false);
    expect(canReverse({ ...DEPOSIT, status: 'refunded', reversible: false })).toBe(false);
  });

  it('asks an override with a note for a non-refundable deposit only', () => {
    expect(needsOverride({ ...DEPOSIT, refundable: false })).toBe(true);
    expect(needsOverride({ purpose: 'application_fee', refundable: true })).toBe(false);
    expect(reversalBody(DEPOSIT, { override: false, note: '  ' })).toEqual({ body: {} });
    expect(reversalBody(DEPOSIT, { override: false, note: ' moved ' })).toEqual({ body: { note: 'moved' } });
    const strict = { ...DEPOSIT, refundable: false };
    expect(reversalBody(strict, { override: false, note: 'x' })).toEqual({ error: 'app.payments.reversal.override_required' });
    expect(reversalBody(strict, { override: true, note: ' ' })).toEqual({ error: 'app.payments.reversal.note_required' });
    expect(reversalBody(strict, { override: true, note: 'Dean approved' })).toEqual({ body: { override: true, note: 'Dean approved' } });
    expect(reversalBody(DEPOSIT, { override: false, note: 'x'.repeat(1001) })).toEqual({ error: 'app.payments.reversal.note_too_long' });
  });
});

describe('PaymentReversalButtons', () => {
  it('shows nothing for a payment that cannot be reversed', () => {
    const { container } = inAdmin(<PaymentReversalButtons payment={{ ...DEPOSIT, reversible: false }} amount="$500.00" />);
    expect(container.textContent).toBe('');
  });

  it('voids after confirmation, with the note, and reads the view again', async () => {
    const post = jest.spyOn(api, 'POST').mockResolvedValue(json(200, { id: DEPOSIT.id, status: 'voided' }));
    const onDone = jest.fn();
    inAdmin(<PaymentReversalButtons payment={DEPOSIT} amount="$500.00" onDone={onDone} />);
    fireEvent.click(screen.getByRole('button', { name: 'Void' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void $500.00 (Enrollment deposit)?' });
    expect(within(dialog).getByText(/cancelled before it settles/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Note (optional)'), { target: { value: 'Charged twice' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void $500.00' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(post).toHaveBeenCalledTimes(1);
    expect(post.mock.calls[0]![0]).toBe('/api/admin/payments/{id}/void');
    expect(post.mock.calls[0]![1]).toEqual({ params: { path: { id: DEPOSIT.id } }, body: { note: 'Charged twice' } });
  });

  it('for a non-refundable deposit, sends nothing until the exception is confirmed with a note, and shows the server’s refusal', async () => {
    const post = jest.spyOn(api, 'POST').mockResolvedValue(
      json(409, {
        success: false,
        code: 'PAY-409-unsettled',
        message: 'This payment has not settled yet and cannot be refunded: void it instead.',
      }),
    );
    inAdmin(<PaymentReversalButtons payment={{ ...DEPOSIT, refundable: false }} amount="$500.00" onDone={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund $500.00 (Enrollment deposit)?' });
    expect(within(dialog).getByText(/deposits are not refundable/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund $500.00' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Tick the box to confirm the exception.');
    fireEvent.click(within(dialog).getByLabelText('I confirm this exception to the policy'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund $500.00' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Say why this non-refundable deposit is given back.');
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText(/Why \(required for an exception\)/), { target: { value: 'Dean approved' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund $500.00' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]![1]).toEqual({ params: { path: { id: DEPOSIT.id } }, body: { override: true, note: 'Dean approved' } });
    expect((await within(dialog).findByRole('alert')).textContent).toContain('void it instead');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
