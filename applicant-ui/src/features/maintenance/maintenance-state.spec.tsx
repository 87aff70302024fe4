/**
 * @jest-environment ./src/test/jsdom-environment.js
 */
/**
 * Maintenance states (issue 10 item 4): upcoming → banner "will be offline … from"; in progress →
 * banner "offline now, until <end in the viewer's zone>" and the wrapped form fields disabled; the
 * switch happens when the window starts, without waiting for the next check.
 */
import { jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { DateTime } from 'luxon';
import { api } from '../../shared/api/client';
import { answered } from '../../shared/api/api-answer.fixture';
import { rememberSchedule } from './maintenance-api';
import { renderWithI18n, testI18n } from '../../test/render-with-i18n';
import { MaintenanceBanner } from './MaintenanceBanner';
import { MaintenanceProvider, useRecheckWhen } from './MaintenanceProvider';
import { I18nextProvider } from 'react-i18next';
import { MaintenanceReadOnly } from './MaintenanceReadOnly';
import {
  formatMaintenanceTime,
  maintenancePhase,
  msUntilPhaseChange,
  toMaintenanceWindow,
  viewerTimeZone,
  type MaintenanceSchedule,
} from './maintenance-time';

let i18n: I18n;
beforeAll(async () => {
  i18n = await testI18n();
});
beforeEach(() => rememberSchedule(null));
afterEach(() => jest.restoreAllMocks());

/** A schedule in Eastern wall-clock time, from `startInMs` to `endInMs` from now (whole seconds). */
function scheduleFromNow(startInMs: number, endInMs: number): MaintenanceSchedule {
  const east = (ms: number) => DateTime.fromMillis(Math.ceil((Date.now() + ms) / 1000) * 1000, { zone: 'America/New_York' });
  const s = east(startInMs);
  const e = east(endInMs);
  return {
    Start_Date__c: s.toISODate()!,
    Start_Time__c: s.toFormat('HH:mm:ss'),
    End_Date__c: e.toISODate()!,
    End_Time__c: e.toFormat('HH:mm:ss'),
    startsAt: s.toUTC().toISO()!,
    endsAt: e.toUTC().toISO()!,
  };
}

function serverAnswers(schedule: MaintenanceSchedule | null) {
  return jest
    .spyOn(api, 'GET')
    .mockResolvedValue(
      answered(schedule ? { success: true, code: 'MAI-000', data: schedule } : { success: true, code: 'MAI-001', data: null }),
    );
}

function Page() {
  return (
    <MaintenanceProvider intervalMs={600_000}>
      <MaintenanceBanner />
      <form>
        <MaintenanceReadOnly>
          <label>
            Name <input name="name" />
          </label>
        </MaintenanceReadOnly>
        <button type="submit">Next</button>
      </form>
    </MaintenanceProvider>
  );
}

describe('maintenance phase', () => {
  it('is upcoming before the start, in progress until the end (exclusive), none after', () => {
    const w = toMaintenanceWindow(
      { Start_Date__c: '2026-12-01', Start_Time__c: '22:00', End_Date__c: '2026-12-02', End_Time__c: '02:00' },
      'UTC',
    )!;
    const start = w.startDateTime.toMillis();
    const end = w.endDateTime.toMillis();
    expect(maintenancePhase(w, start - 1)).toBe('upcoming');
    expect(maintenancePhase(w, start)).toBe('in-progress');
    expect(maintenancePhase(w, end - 1)).toBe('in-progress');
    expect(maintenancePhase(w, end)).toBe('none');
    expect(maintenancePhase(null, start)).toBe('none');
    expect(msUntilPhaseChange(w, start - 10)).toBe(10);
    expect(msUntilPhaseChange(w, start + 10)).toBe(end - start - 10);
    expect(msUntilPhaseChange(w, end)).toBeNull();
  });
});

describe('MaintenanceProvider with the banner and the read-only form', () => {
  it('shows nothing and leaves the form editable when none is scheduled', async () => {
    const get = serverAnswers(null);
    renderWithI18n(i18n, <Page />);
    await waitFor(() => expect(get).toHaveBeenCalledWith('/api/maintenance/check'));
    expect(screen.queryByTestId('maintenance-banner')).toBeNull();
    expect(screen.getByLabelText('Name').matches(':disabled')).toBe(false);
  });

  it('announces an upcoming window and keeps the form editable', async () => {
    serverAnswers(scheduleFromNow(3_600_000, 7_200_000));
    renderWithI18n(i18n, <Page />);
    const banner = await screen.findByTestId('maintenance-banner');
    await waitFor(() => expect(banner.dataset.phase).toBe('upcoming'));
    expect(banner.textContent).toMatch(/will be offline for scheduled Maintenance from/);
    expect(screen.getByLabelText('Name').matches(':disabled')).toBe(false);
  });

  it('while in progress says offline now and until when (viewer zone), and disables the fields', async () => {
    const schedule = scheduleFromNow(-60_000, 3_600_000);
    serverAnswers(schedule);
    renderWithI18n(i18n, <Page />);
    const banner = await screen.findByTestId('maintenance-banner');
    await waitFor(() => expect(banner.dataset.phase).toBe('in-progress'));
    const end = formatMaintenanceTime(toMaintenanceWindow(schedule, viewerTimeZone())!.endDateTime, 'en');
    expect(banner.dataset.phase).toBe('in-progress');
    expect(banner.textContent).toContain(`offline for scheduled maintenance now, until ${end}`);
    expect(banner.textContent).not.toMatch(/will be offline/);
    expect(screen.getByLabelText('Name').matches(':disabled')).toBe(true);
    expect(screen.getByTestId('maintenance-read-only').textContent).toContain(end);
  });

  it('checks again at once when a save was refused with MAI-002 (useRecheckWhen)', async () => {
    const get = serverAnswers(null);
    function Saving({ refused }: { refused: boolean }) {
      useRecheckWhen(refused);
      return null;
    }
    const view = renderWithI18n(
      i18n,
      <MaintenanceProvider intervalMs={600_000}>
        <Saving refused={false} />
        <MaintenanceBanner />
      </MaintenanceProvider>,
    );
    await waitFor(() => expect(get).toHaveBeenCalledTimes(1));
    get.mockResolvedValue(answered({ success: true, code: 'MAI-000', data: scheduleFromNow(-60_000, 3_600_000) }));
    view.rerender(
      <I18nextProvider i18n={i18n}>
        <MaintenanceProvider intervalMs={600_000}>
          <Saving refused />
          <MaintenanceBanner />
        </MaintenanceProvider>
      </I18nextProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('maintenance-banner').dataset.phase).toBe('in-progress'));
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('turns the form read-only when the window starts, without another check', async () => {
    const get = serverAnswers(scheduleFromNow(1_500, 3_600_000));
    renderWithI18n(i18n, <Page />);
    expect((await screen.findByTestId('maintenance-banner')).dataset.phase).toBe('upcoming');
    expect(screen.getByLabelText('Name').matches(':disabled')).toBe(false);
    await waitFor(() => expect(screen.getByTestId('maintenance-banner').dataset.phase).toBe('in-progress'), { timeout: 5_000 });
    expect(screen.getByLabelText('Name').matches(':disabled')).toBe(true);
    expect(get).toHaveBeenCalledTimes(1);
  });
});
