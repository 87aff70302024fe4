/**
 * @jest-environment ./src/test/jsdom-environment.js
 */
/**
 * Campaigns and automatic reminders in the console (issue 30 items 3, 4), with the console's real messages: the
 * payloads sent (only the fields the API allows), the actions each status offers (the server's allow-list), the
 * progress; a sending campaign's page offers Pause and Cancel only, asks to confirm naming the campaign, then
 * posts the action; its live counts by status — in English, Spanish and Chinese.
 */
import { jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, RecordContextProvider, ResourceContextProvider, type I18nProvider } from 'react-admin';
import { api } from '../api/client';
import { createI18nProvider } from '../i18n/i18nProvider';
import { CampaignActions, CampaignCounts } from './CampaignShow';
import { actionsFor, isAudienceEditable, progress, toCampaignPayload, toRulePayload, type CampaignRecord } from './campaigns';

const providers: Record<string, I18nProvider> = {};
beforeAll(async () => {
  for (const locale of ['en', 'es', 'zh-CN'] as const) providers[locale] = await createI18nProvider(locale);
});
afterEach(() => jest.restoreAllMocks());

const RUNNING: CampaignRecord = {
  id: '0c6a3c43-0000-4000-8000-0000000000c1',
  name: 'Open day',
  segmentId: '0c6a3c43-0000-4000-8000-0000000000a1',
  templateId: '0c6a3c43-0000-4000-8000-0000000000b1',
  sendAt: '2031-03-10T10:00',
  zone: 'applicant',
  officeZone: 'America/New_York',
  perMinute: 120,
  status: 'running',
  startsAt: '2031-03-09T20:00:00.000Z',
  startedAt: '2031-03-09T20:00:01.000Z',
  finishedAt: null,
  counts: { total: 200, queued: 120, sent: 70, failed: 4, bounced: 1, suppressed: 5 },
  createdAt: '2031-03-01T15:00:00.000Z',
  updatedAt: '2031-03-09T20:00:01.000Z',
};
const json = (status: number, body: unknown) =>
  ({ data: status < 300 ? body : undefined, error: status >= 300 ? body : undefined, response: new Response(null, { status }) }) as never;
const inAdmin = (node: ReactNode, locale = 'en', record: CampaignRecord = RUNNING) =>
  render(
    <AdminContext i18nProvider={providers[locale]}>
      <ResourceContextProvider value="campaigns">
        <RecordContextProvider value={record}>{node}</RecordContextProvider>
      </ResourceContextProvider>
    </AdminContext>,
  );

describe('campaign helpers', () => {
  it('sends only the allowed fields: trimmed name, a datetime-local time or null, whole numbers', () => {
    expect(
      toCampaignPayload({ ...RUNNING, name: '  Open day ', sendAt: '2031-03-10T10:00:00', perMinute: 120.7 } as CampaignRecord),
    ).toEqual({
      name: 'Open day',
      segmentId: RUNNING.segmentId,
      templateId: RUNNING.templateId,
      sendAt: '2031-03-10T10:00',
      zone: 'applicant',
      perMinute: 120,
    });
    expect(toCampaignPayload({ name: 'x', sendAt: '' as unknown as string }).sendAt).toBeNull();
    expect(toRulePayload({ id: 'r', kind: 'draft_idle', enabled: true, days: 7.2, templateId: 't', weeklyCap: 2 } as never)).toEqual({
      enabled: true,
      days: 7,
      templateId: 't',
      weeklyCap: 2,
    });
  });

  it('offers each action only from the statuses the server allows it from', () => {
    expect(actionsFor('draft')).toEqual(['schedule', 'cancel']);
    expect(actionsFor('scheduled')).toEqual(['pause', 'cancel']);
    expect(actionsFor('running')).toEqual(['pause', 'cancel']);
    expect(actionsFor('paused')).toEqual(['resume', 'cancel']);
    expect(actionsFor('done')).toEqual([]);
    expect(actionsFor('cancelled')).toEqual([]);
    expect(isAudienceEditable(RUNNING)).toBe(false);
    expect(isAudienceEditable({ status: 'paused', startedAt: null })).toBe(true);
  });

  it('counts progress as the messages attempted to an end out of those claimed', () => {
    expect(progress(RUNNING.counts)).toBe(40);
    expect(progress({ total: 0, queued: 0, sent: 0, failed: 0, bounced: 0, suppressed: 0 })).toBeNull();
  });
});

describe('a campaign’s page', () => {
  it('offers Pause and Cancel while it sends, confirms naming it, then posts the action', async () => {
    const post = jest.spyOn(api, 'POST').mockResolvedValue(json(200, { ...RUNNING, status: 'paused' }));
    inAdmin(<CampaignActions />);
    expect(screen.queryByRole('button', { name: 'Schedule' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel campaign' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause "Open day"?' });
    expect(within(dialog).getByText(/no one gets it twice/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]![0]).toBe('/api/admin/campaigns/{id}/pause');
    expect(post.mock.calls[0]![1]).toEqual({ params: { path: { id: RUNNING.id } } });
  });

  it.each([
    ['en', ['Queued', 'Sent', 'Failed', 'Bounced', 'Not sent', 'Total'], 'Pause'],
    ['es', ['En cola', 'Enviado', 'Falló', 'Rebotado', 'No enviado', 'Total'], 'Pausar'],
    ['zh-CN', ['排队中', '已发送', '失败', '已退回', '未发送', '总计'], '暂停'],
  ])('shows its live counts and actions in %s', async (locale, headers, pause) => {
    inAdmin(
      <>
        <CampaignCounts />
        <CampaignActions />
      </>,
      locale,
    );
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(headers);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['120', '70', '4', '1', '5', '200']);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByRole('button', { name: pause })).toBeTruthy();
  });
});
