/**
 * @jest-environment ./src/test/jsdom-environment.js
 */
/**
 * `StepPreview` (issue 28): while a step's code and data load, the review and payment steps show their own
 * heading and introduction — the texts the steps render first — above "Loading…"; a paid application's payment
 * step (which shows "already paid", no introduction) and the other steps show "Loading…" alone.
 */
import { screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { renderWithI18n, testI18n } from '../../test/render-with-i18n';
import { recordOf } from './api/application-record.fixture';
import { StepPreview } from './StepPreview';
import { PAYMENT_STEP, REVIEW_STEP } from './steps/step-config';

let i18n: I18n;
beforeAll(async () => {
  i18n = await testI18n();
});

const loading = <p role="status">Loading…</p>;

it('shows the review step’s heading and introduction above the loading status', () => {
  renderWithI18n(i18n, <StepPreview step={REVIEW_STEP} record={recordOf()} loading={loading} />);
  expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(i18n.t('steps.review'));
  expect(screen.getByText(i18n.t('review.intro'))).toBeTruthy();
  expect(screen.getByRole('status').textContent).toBe('Loading…');
});

it('shows the payment step’s heading and introduction while the fee is unpaid, and only the status once paid', () => {
  const { unmount } = renderWithI18n(
    i18n,
    <StepPreview step={PAYMENT_STEP} record={recordOf({ Payment_Status: 'Unpaid' })} loading={loading} />,
  );
  expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(i18n.t('steps.payment'));
  expect(screen.getByText(i18n.t('payment.intro')).className).toBe('lead');
  unmount();
  renderWithI18n(i18n, <StepPreview step={PAYMENT_STEP} record={recordOf({ Payment_Status: 'Paid' })} loading={loading} />);
  expect(screen.queryByRole('heading')).toBeNull();
  expect(screen.getByRole('status').textContent).toBe('Loading…');
});

it('shows only the loading status on the other steps', () => {
  renderWithI18n(i18n, <StepPreview step={3} record={recordOf()} loading={loading} />);
  expect(screen.queryByRole('heading')).toBeNull();
  expect(screen.queryByText(i18n.t('review.intro'))).toBeNull();
  expect(screen.getByRole('status').textContent).toBe('Loading…');
});
