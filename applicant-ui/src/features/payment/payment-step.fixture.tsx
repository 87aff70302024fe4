import type { i18n as I18n } from 'i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { renderWithI18n } from '../../test/render-with-i18n';
import { recordOf } from '../application/api/application-record.fixture';
import { ApplicationProvider } from '../application/ApplicationContext';
import type { Quote } from './payment-api';
import { PaymentStep } from './PaymentStep';

/** A waived quote (nothing to pay: no card form) of an offering without a late fee. */
export const WAIVED_QUOTE: Quote = {
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

/**
 * Renders the payment step of a certified application (`Id` app-pay-1, token `app-token`) at
 * `/application/8`, with a stand-in step 1 page (`<p>step 1</p>`) to follow links back to. Mock `api` first.
 */
export function renderPaymentStep(i18n: I18n): void {
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
