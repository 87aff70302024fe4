/**
 * @jest-environment ./src/test/jsdom-environment.js
 */
/**
 * The payment step when the application's offering no longer takes submissions (issue 25: 422
 * `APP-422-closed`, on the quote or on Pay): the server's translated message is shown as such — not a
 * generic failure — with a link back to step 1 to choose an open term, and Pay stays disabled. A quote
 * whose offering has no late fee (`lateFeeAfter` null) says nothing about one.
 */
import { jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { answered, refused } from '../../shared/api/api-answer.fixture';
import { api } from '../../shared/api/client';
import { renderWithI18n, testI18n } from '../../test/render-with-i18n';
import { recordOf } from '../application/api/application-record.fixture';
import { ApplicationProvider } from '../application/ApplicationContext';
import type { Quote } from './payment-api';
import { PaymentStep } from './PaymentStep';

let i18n: I18n;
beforeAll(async () => {
  i18n = await testI18n();
});
afterEach(() => jest.restoreAllMocks());

const CLOSED_MESSAGE = 'Applications for this program and term are closed. Choose a term that is open; your answers are kept.';
const closedAnswer = () => refused(422, { success: false, code: 'APP-422-closed', message: CLOSED_MESSAGE });

/** A waived quote (nothing to pay: no card form) of an offering without a late fee. */
const WAIVED: Quote = {
  amount: 150,
  lateFee: 0,
  discount: 150,
  total: 0,
  currency: 'USD',
  discountCode: 'ALL',
  waived: true,
  lateFeeAfter: null,
  gateway: 'fake',
};

function renderPayment() {
  const record = recordOf({ Id: 'app-pay-1', certifiedAt: '2031-05-01T12:00:00.000Z', stepReached: '8' });
  renderWithI18n(
    i18n,
    <ApplicationProvider>
      <MemoryRouter initialEntries={['/application/8?token=app-token']}>
        <Routes>
          <Route
            path="/application/8"
            element={<PaymentStep record={record} token="app-token" dropdowns={[]} onBack={() => undefined} />}
          />
          <Route path="/application/1" element={<p>step 1</p>} />
        </Routes>
      </MemoryRouter>
    </ApplicationProvider>,
  );
}

describe('payment step: the offering no longer takes submissions', () => {
  it('says so when Pay is refused, links back to step 1 and keeps Pay disabled', async () => {
    jest.spyOn(api, 'GET').mockResolvedValue(answered({ success: true, data: WAIVED }));
    const post = jest.spyOn(api, 'POST').mockResolvedValue(closedAnswer());
    renderPayment();
    const submit = await screen.findByRole('button', { name: 'Submit without payment' });
    expect(screen.queryByTestId('late-fee-after')).toBeNull();

    fireEvent.click(submit);
    const message = await screen.findByTestId('payment-message');
    expect(post).toHaveBeenCalledTimes(1);
    expect(message.getAttribute('role')).toBe('alert');
    expect(message.textContent).toContain('Your application cannot be submitted for this semester');
    expect(message.textContent).toContain(CLOSED_MESSAGE);
    expect(message.textContent).not.toContain('could not be completed');
    expect((screen.getByRole('button', { name: 'Submit without payment' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('link', { name: 'Choose an open semester (step 1)' }));
    await screen.findByText('step 1');
  });

  it('says so when the quote is refused, instead of loading for ever or a generic failure', async () => {
    jest.spyOn(api, 'GET').mockResolvedValue(closedAnswer());
    renderPayment();
    const message = await screen.findByTestId('payment-message');
    expect(message.textContent).toContain(CLOSED_MESSAGE);
    expect(screen.queryByText('Loading the fee…')).toBeNull();
    expect(screen.queryByText('We could not load the fee. Please try again.')).toBeNull();
    expect(screen.getByRole('link', { name: 'Choose an open semester (step 1)' }).getAttribute('href')).toBe(
      '/application/1?token=app-token',
    );
    await waitFor(() => expect(document.activeElement).toBe(message));
  });
});
