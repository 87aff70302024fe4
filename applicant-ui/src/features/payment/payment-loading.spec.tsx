/**
 * @jest-environment ./src/test/jsdom-environment.js
 */
/**
 * The payment step while its fee loads (issue 28): "Loading the fee…" alone under the introduction — the Back
 * and Pay buttons come with the fee, below it, so nothing jumps down when the fee arrives (a layout shift
 * Lighthouse measured on phones in zh-CN).
 */
import { jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { answered } from '../../shared/api/api-answer.fixture';
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

it('shows the actions only once the fee is known, below it', async () => {
  let answer: (value: unknown) => void = () => undefined;
  jest.spyOn(api, 'GET').mockReturnValue(new Promise((resolve) => (answer = resolve)) as never);
  const record = recordOf({ Id: 'app-pay-2', certifiedAt: '2031-05-01T12:00:00.000Z', stepReached: '8' });
  renderWithI18n(
    i18n,
    <ApplicationProvider>
      <MemoryRouter initialEntries={['/application/8?token=app-token']}>
        <Routes>
          <Route
            path="/application/8"
            element={<PaymentStep record={record} token="app-token" dropdowns={[]} onBack={() => undefined} />}
          />
        </Routes>
      </MemoryRouter>
    </ApplicationProvider>,
  );
  expect(screen.getByText('Loading the fee…')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Submit without payment' })).toBeNull();

  answer(answered({ success: true, data: WAIVED }));
  const submit = await screen.findByRole('button', { name: 'Submit without payment' });
  expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  expect(screen.queryByText('Loading the fee…')).toBeNull();
  // the actions follow the fee's table
  const table = screen.getByRole('table');
  expect(table.compareDocumentPosition(submit) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
});
