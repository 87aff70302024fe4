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
import { answered, refused } from '../../shared/api/api-answer.fixture';
import { api } from '../../shared/api/client';
import { testI18n } from '../../test/render-with-i18n';
import { WAIVED_QUOTE, renderPaymentStep } from './payment-step.fixture';

let i18n: I18n;
beforeAll(async () => {
  i18n = await testI18n();
});
afterEach(() => jest.restoreAllMocks());

const CLOSED_MESSAGE = 'Applications for this program and term are closed. Choose a term that is open; your answers are kept.';
const closedAnswer = () => refused(422, { success: false, code: 'APP-422-closed', message: CLOSED_MESSAGE });

describe('payment step: the offering no longer takes submissions', () => {
  it('says so when Pay is refused, links back to step 1 and keeps Pay disabled', async () => {
    jest.spyOn(api, 'GET').mockResolvedValue(answered({ success: true, data: WAIVED_QUOTE }));
    const post = jest.spyOn(api, 'POST').mockResolvedValue(closedAnswer());
    renderPaymentStep(i18n);
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
    renderPaymentStep(i18n);
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
