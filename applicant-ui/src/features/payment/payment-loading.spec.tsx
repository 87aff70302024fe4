/**
 * @jest-environment ./src/test/jsdom-environment.js
 */
/**
 * The payment step while its fee loads (issue 28): "Loading the fee…" alone under the introduction — the Back
 * and Pay buttons come with the fee, below it, so nothing jumps down when the fee arrives (a layout shift
 * Lighthouse measured on phones in zh-CN); a late fee still ahead is shown with the fee, its date formatting
 * loaded before the fee is shown.
 */
import { jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { answered } from '../../shared/api/api-answer.fixture';
import { api } from '../../shared/api/client';
import { testI18n } from '../../test/render-with-i18n';
import { formatInstant } from '../../shared/lib/instant-format';
import { WAIVED_QUOTE, renderPaymentStep } from './payment-step.fixture';

let i18n: I18n;
beforeAll(async () => {
  i18n = await testI18n();
});
afterEach(() => jest.restoreAllMocks());

it('shows the actions only once the fee is known, below it', async () => {
  let answer: (value: unknown) => void = () => undefined;
  jest.spyOn(api, 'GET').mockReturnValue(new Promise((resolve) => (answer = resolve)) as never);
  renderPaymentStep(i18n);
  expect(screen.getByText('Loading the fee…')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Submit without payment' })).toBeNull();

  answer(answered({ success: true, data: WAIVED_QUOTE }));
  const submit = await screen.findByRole('button', { name: 'Submit without payment' });
  expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  expect(screen.queryByText('Loading the fee…')).toBeNull();
  // the actions follow the fee's table
  const table = screen.getByRole('table');
  expect(table.compareDocumentPosition(submit) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
});

it('shows a late fee still ahead with the fee, not after it (its date formatting loads with the fee)', async () => {
  const lateFeeAfter = new Date(Date.now() + 10 * 86_400_000).toISOString();
  const quote = { ...WAIVED_QUOTE, lateFeeAfter };
  let answer: (value: unknown) => void = () => undefined;
  jest.spyOn(api, 'GET').mockReturnValue(new Promise((resolve) => (answer = resolve)) as never);
  renderPaymentStep(i18n);
  answer(answered({ success: true, data: quote }));
  const table = await screen.findByRole('table');
  // in the same render as the table: nothing is added under it later
  const line = screen.getByTestId('late-fee-after');
  expect(line.textContent).toBe(`A late fee is added to payments made after ${formatInstant(lateFeeAfter, 'en')}.`);
  expect(table.compareDocumentPosition(line) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
});
