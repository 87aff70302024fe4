/**
 * @jest-environment ./src/test/jsdom-environment.js
 */
/**
 * The enrollment deposit (issue 29 item 2) as the applicant meets it after accepting: the amount and the deadline
 * as the server writes them (with the lapse warning and the refund policy), the payment step's card form, a card
 * tokenised by the fake tokeniser and sent with a new requestId (never the card number), the receipt announced
 * once paid, a decline explained beside the form, a deposit waiver code that needs no card, a lapsed offer
 * explained in Spanish, and nothing at all while the offer is not accepted.
 */
import { jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import { answered, refused } from '../../shared/api/api-answer.fixture';
import { api } from '../../shared/api/client';
import { renderWithI18n, testI18n } from '../../test/render-with-i18n';
import type { Deposit } from './deposit-api';
import { DepositSection } from './DepositSection';

let i18n: I18n;
beforeAll(async () => {
  i18n = await testI18n();
});
afterEach(() => jest.restoreAllMocks());

const DUE: Deposit = {
  applicationId: 'app-1',
  phase: 'due',
  required: true,
  payable: true,
  closedCode: null,
  amountCents: 50_000,
  discountCents: 0,
  totalCents: 50_000,
  currency: 'USD',
  discountCode: null,
  waived: false,
  dueAt: '2031-05-15T03:59:59.000Z',
  dueText: 'May 14, 2031 11:59 PM (Eastern Daylight Time)',
  lapses: true,
  refundable: false,
  paidAt: null,
  refundedAt: null,
  lapsedAt: null,
  gateway: 'fake',
  payment: null,
};
const PAID: Deposit = {
  ...DUE,
  phase: 'paid',
  payable: false,
  closedCode: 'DEP-409-paid',
  paidAt: '2031-05-02T14:00:00.000Z',
  payment: {
    requestId: 'req-1',
    purpose: 'enrollment_deposit',
    status: 'approved',
    depositStatus: 'paid',
    referenceNumber: '100042',
    amountCents: 50_000,
    discountCents: 0,
    totalCents: 50_000,
    currency: 'USD',
    discountCode: null,
    waived: false,
    transactionId: '60123456789',
    last4: '1111',
    date: '2031-05-02T14:00:00.000Z',
  },
};
const DROPDOWNS = [
  {
    id: 1,
    key: 'countries',
    label: 'Countries',
    updated_at: '',
    computed: false,
    options: [{ value: 'United States', label: 'United States' }],
  },
];
const YEAR = String(new Date().getFullYear() + 3);

/** GET answers: the option lists, or the deposit (`quoted` when a discount code is asked for). */
function serve(deposit: () => Deposit, quoted?: Deposit) {
  return jest.spyOn(api, 'GET').mockImplementation(((path: string, init: { params?: { query?: { discountCode?: string } } }) => {
    if (path === '/api/dropdowns') return Promise.resolve(answered(DROPDOWNS));
    if (init.params?.query?.discountCode && quoted) return Promise.resolve(answered(quoted));
    return Promise.resolve(answered(deposit()));
  }) as never);
}

/** Fills the card form (the card number typed: it is grouped by a mask as it is typed). */
async function fillCard() {
  const user = userEvent.setup();
  await user.click(screen.getByLabelText(/Card number/));
  await user.keyboard('4111111111111111');
  fireEvent.change(screen.getByLabelText(/Expiry month/), { target: { value: '12' } });
  fireEvent.change(screen.getByLabelText(/Expiry year/), { target: { value: YEAR } });
  fireEvent.change(screen.getByLabelText(/Security code/), { target: { value: '123' } });
  fireEvent.change(screen.getByLabelText(/ZIP/), { target: { value: '11230' } });
}

describe('the enrollment deposit after accepting', () => {
  it('says what is due by when, takes the card through the fake tokeniser and announces the receipt', async () => {
    let current = DUE;
    serve(() => current);
    const post = jest.spyOn(api, 'POST').mockImplementation((() => {
      current = PAID;
      return Promise.resolve(answered({ success: true, data: PAID.payment }));
    }) as never);
    const onPaid = jest.fn();
    renderWithI18n(i18n, <DepositSection id="app-1" token="tok" fullName="Moshe Levi" replyKey="accepted" onPaid={onPaid} />);

    expect((await screen.findByTestId('deposit-due')).textContent).toBe(
      'To confirm your place, please pay the enrollment deposit of $500.00 by May 14, 2031 11:59 PM (Eastern Daylight Time).',
    );
    expect(screen.getByText(/the offer lapses and your place is given to someone else/)).toBeTruthy();
    expect(screen.getByText('The deposit is not refundable.')).toBeTruthy();
    expect(screen.getByTestId('test-mode')).toBeTruthy();
    expect((screen.getByLabelText(/Name on the card/) as HTMLInputElement).value).toBe('Moshe Levi');

    // nothing filled: client errors, no request
    fireEvent.click(screen.getByRole('button', { name: 'Pay the deposit of $500.00' }));
    await waitFor(() => expect(screen.getAllByText(/card number/i).length).toBeGreaterThan(1));
    expect(post).not.toHaveBeenCalled();

    await fillCard();
    fireEvent.click(screen.getByRole('button', { name: 'Pay the deposit of $500.00' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const [path, init] = post.mock.calls[0] as unknown as [string, { params: { path: { id: string } }; body: Record<string, unknown> }];
    expect(path).toBe('/api/applications/{id}/deposit');
    expect(init.params.path.id).toBe('app-1');
    expect(init.body).toMatchObject({
      creditCardFullName: 'Moshe Levi',
      creditCardBillingZip: '11230',
      creditCardBillingCountry: 'United States',
      opaqueData: { descriptor: 'FAKE.TEST.PAYMENT' },
    });
    expect(init.body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(init.body)).not.toContain('4111111111111111');

    const receipt = await screen.findByTestId('deposit-paid');
    expect(receipt.getAttribute('role')).toBe('status');
    expect(receipt.textContent).toContain('Thank you. Your enrollment deposit is paid: your place is confirmed.');
    expect(receipt.textContent).toContain('60123456789');
    expect(receipt.textContent).toContain('ending in 1111');
    // a receipt says what was paid, not what is due
    expect(receipt.textContent).toContain('Total paid');
    expect(receipt.textContent).not.toContain('Total due');
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: /Pay the deposit/ })).toBeNull();
  });

  it('explains a declined card beside the form, which stays', async () => {
    serve(() => DUE);
    jest
      .spyOn(api, 'POST')
      .mockResolvedValue(refused(402, { success: false, code: 'PAY-001', message: 'The payment was declined.', data: PAID.payment }));
    renderWithI18n(i18n, <DepositSection id="app-1" token="tok" fullName="Moshe Levi" replyKey="accepted" />);
    await screen.findByTestId('deposit-due');
    await fillCard();
    fireEvent.click(screen.getByRole('button', { name: 'Pay the deposit of $500.00' }));
    const alert = await screen.findByTestId('deposit-message');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain('The payment was declined.');
    expect(screen.getByRole('button', { name: 'Pay the deposit of $500.00' })).toBeTruthy();
  });

  it('applies a deposit waiver code: no card is asked for, the payment is sent with the code only', async () => {
    const waived: Deposit = { ...DUE, discountCents: 50_000, totalCents: 0, waived: true, discountCode: 'DEPWAIVE' };
    serve(() => DUE, waived);
    const post = jest.spyOn(api, 'POST').mockResolvedValue(answered({ success: true, data: { ...PAID.payment!, status: 'waived' } }));
    renderWithI18n(i18n, <DepositSection id="app-1" token="tok" replyKey="accepted" />);
    await screen.findByTestId('deposit-due');
    fireEvent.change(screen.getByLabelText(/Discount code/), { target: { value: 'depwaive' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Your code covers the whole deposit: no card is needed.')).toBeTruthy();
    expect(screen.queryByLabelText(/Card number/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm my place without payment' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const body = (post.mock.calls[0]![1] as { body: Record<string, unknown> }).body;
    expect(body).toEqual({ requestId: expect.any(String), discountCode: 'depwaive' });
  });

  it('tells her, in Spanish, that the offer lapsed for want of the deposit, with no form', async () => {
    serve(() => ({ ...DUE, phase: 'lapsed', payable: false, closedCode: 'DEP-409-lapsed', dueText: '14 de mayo de 2031, 23:59' }));
    renderWithI18n(await testI18n('es'), <DepositSection id="app-1" token="tok" replyKey="lapsed" />);
    expect((await screen.findByTestId('deposit-lapsed')).textContent).toBe(
      'Su oferta caducó porque el depósito de matrícula no se pagó antes del 14 de mayo de 2031, 23:59. Comuníquese con la oficina de admisiones.',
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('renders nothing while the offer is not accepted, or when the offering asks no deposit', async () => {
    const get = serve(() => ({ ...DUE, phase: 'not_accepted', payable: false }));
    const { container } = renderWithI18n(i18n, <DepositSection id="app-1" token="tok" replyKey="" />);
    await waitFor(() => expect(get).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container.textContent).toBe('');
  });
});
