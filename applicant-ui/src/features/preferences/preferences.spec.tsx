/**
 * @jest-environment ./src/test/jsdom-environment.js
 */
/**
 * The e-mail preferences page (issue 30 item 5) as the recipient meets it: the masked address and the current
 * choice as checked radio buttons under the question, the note that application e-mails are always sent,
 * the choice sent with the link's token and the saved choice announced; an unknown link shows the server's
 * message and no form.
 */
import { jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { answered, refused } from '../../shared/api/api-answer.fixture';
import { api } from '../../shared/api/client';
import { renderWithI18n, testI18n } from '../../test/render-with-i18n';
import { PreferencesForm } from './PreferencesForm';
import type { Preferences } from './preferences-api';

let i18n: I18n;
beforeAll(async () => {
  i18n = await testI18n();
});
afterEach(() => jest.restoreAllMocks());

const SUBSCRIBED: Preferences = { email: 'r•••o@example.com', marketing: true, locale: 'es' };

describe('the e-mail preferences page', () => {
  it('shows what the address receives, and turns news off with the link’s token', async () => {
    const get = jest.spyOn(api, 'GET').mockResolvedValue(answered(SUBSCRIBED));
    const put = jest.spyOn(api, 'PUT').mockResolvedValue(answered({ ...SUBSCRIBED, marketing: false }));
    const loaded = jest.fn();
    renderWithI18n(i18n, <PreferencesForm token="tok-1" onLoaded={loaded} />);

    const group = await screen.findByRole('group', { name: 'Which e-mails would you like to receive from the admissions office?' });
    expect(get.mock.calls[0]![1]).toEqual({ params: { query: { token: 'tok-1' } } });
    expect(loaded).toHaveBeenCalledWith(SUBSCRIBED);
    expect(screen.getByText('Preferences for r•••o@example.com')).toBeTruthy();
    const all = screen.getByLabelText<HTMLInputElement>('All e-mails, including news, events and invitations');
    const application = screen.getByLabelText<HTMLInputElement>('Only e-mails about my application');
    expect(group.querySelectorAll('input[type=radio]')).toHaveLength(2);
    expect([all.checked, application.checked]).toEqual([true, false]);
    // the note is the group's description
    const hint = document.getElementById(group.getAttribute('aria-describedby')!)!;
    expect(hint.textContent).toContain('are always sent');

    fireEvent.click(application);
    fireEvent.click(screen.getByRole('button', { name: 'Save my preferences' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(put.mock.calls[0]![1]).toEqual({ params: { query: { token: 'tok-1' } }, body: { marketing: false } });
    const status = await screen.findByTestId('preferences-saved');
    expect(status.getAttribute('role')).toBe('status');
    expect(status.textContent).toBe(
      'Saved. You will no longer receive news and events; e-mails about your application will still be sent.',
    );
    expect(application.checked).toBe(true);
  });

  it('checks “only my application” for an address that turned news off, and turns them back on', async () => {
    jest.spyOn(api, 'GET').mockResolvedValue(answered({ ...SUBSCRIBED, marketing: false }));
    const put = jest.spyOn(api, 'PUT').mockResolvedValue(answered(SUBSCRIBED));
    renderWithI18n(i18n, <PreferencesForm token="tok-2" />);
    const application = await screen.findByLabelText<HTMLInputElement>('Only e-mails about my application');
    expect(application.checked).toBe(true);
    fireEvent.click(screen.getByLabelText('All e-mails, including news, events and invitations'));
    fireEvent.click(screen.getByRole('button', { name: 'Save my preferences' }));
    expect((await screen.findByTestId('preferences-saved')).textContent).toBe(
      'Saved. You will receive all our e-mails, including news and events.',
    );
    expect((put.mock.calls[0]![1] as { body: unknown }).body).toEqual({ marketing: true });
  });

  it('an unknown link shows the server’s message and no form', async () => {
    jest.spyOn(api, 'GET').mockResolvedValue(
      refused(404, {
        success: false,
        code: 'TKN-001',
        message: 'This link is not valid. Please use the link from your most recent e-mail.',
      }),
    );
    renderWithI18n(i18n, <PreferencesForm token="unknown" />);
    const alert = await screen.findByTestId('preferences-failed');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toBe('This link is not valid. Please use the link from your most recent e-mail.');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a link without a token asks nothing of the server', async () => {
    const get = jest.spyOn(api, 'GET');
    renderWithI18n(i18n, <PreferencesForm token="" />);
    expect((await screen.findByTestId('preferences-failed')).textContent).toContain('This link is not valid');
    expect(get).not.toHaveBeenCalled();
  });

  it('a refused save is reported and the choice kept', async () => {
    jest.spyOn(api, 'GET').mockResolvedValue(answered(SUBSCRIBED));
    jest.spyOn(api, 'PUT').mockResolvedValue(refused(429, { success: false, code: 'AUTH-429', message: 'Too many attempts.' }));
    renderWithI18n(i18n, <PreferencesForm token="tok-3" />);
    fireEvent.click(await screen.findByLabelText('Only e-mails about my application'));
    fireEvent.click(screen.getByRole('button', { name: 'Save my preferences' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts.');
    expect(screen.getByLabelText<HTMLInputElement>('Only e-mails about my application').checked).toBe(true);
    expect(screen.queryByTestId('preferences-saved')).toBeNull();
  });
});
