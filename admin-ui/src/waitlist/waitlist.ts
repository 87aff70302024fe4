/**
 * The ranked waitlist of an offering (issue 29 item 4) for the console: the shapes and calls of
 * `/api/admin/offerings/{id}/waitlist` (docs/api.md "Waitlist") and the pure helpers of the Waitlist page — the
 * ranked and the withdrawn entries, a rank typed in, what an admit of the chosen applicants comes to against the
 * seats (the server's own arithmetic, `contract/format/seats.ts`), and the figures of a 409 over capacity.
 */
import { api, unwrap } from '../api/client';
import type { Schema } from '../api/contract-types';
import { seatCheck, type SeatCheck } from '../../../contract/format/seats';

/** The waitlist of an offering (contract `WaitlistResponse`). */
export type WaitlistView = Schema<'WaitlistResponse'>;

/** One applicant of it (`rank` null: withdrew). */
export type WaitlistEntry = WaitlistView['entries'][number];

/** Answer of an admit (contract `AdmitFromWaitlistResponse`). */
export type AdmitResult = Schema<'AdmitFromWaitlistResponse'>;

/** The console path of an offering's Waitlist page. */
export const waitlistPath = (offeringId: number | string) => `/offerings/${offeringId}/waitlist`;

/** The ranked entries, first to last. */
export function rankedEntries(view: Pick<WaitlistView, 'entries'>): WaitlistEntry[] {
  return view.entries.filter((e) => e.rank !== null).sort((a, b) => a.rank! - b.rank!);
}

/** The entries who withdrew from the waitlist (no rank). */
export function withdrawnEntries(view: Pick<WaitlistView, 'entries'>): WaitlistEntry[] {
  return view.entries.filter((e) => e.rank === null);
}

/** A rank typed by the office: a whole number from 1 to `max`, else null. */
export function parseRank(text: string, max: number): number | null {
  if (!/^\s*\d{1,6}\s*$/.test(text)) return null;
  const rank = Number(text);
  return rank >= 1 && rank <= max ? rank : null;
}

/** What admitting `count` applicants comes to against the view's seats. */
export function admitCheck(view: Pick<WaitlistView, 'seats'>, count: number): SeatCheck {
  return seatCheck(view.seats, count);
}

/**
 * The figures of a refused admit (409 `SEAT-409-over-capacity`: the server counted other admits meanwhile), from
 * the react-admin `HttpError` the client throws; null for any other error.
 */
export function overCapacityOf(error: unknown): SeatCheck | null {
  const body = (error as { body?: { code?: unknown; data?: unknown } } | null)?.body;
  if (body?.code !== 'SEAT-409-over-capacity' || !body.data || typeof body.data !== 'object') return null;
  const data = body.data as Partial<SeatCheck>;
  return typeof data.taken === 'number' && typeof data.requested === 'number' ? (data as SeatCheck) : null;
}

/** Whether `error` is a 409 saying the waitlist changed since it was loaded. */
export function isStale(error: unknown): boolean {
  return (error as { body?: { code?: unknown } } | null)?.body?.code === 'WTL-409-stale';
}

const path = (id: number | string) => ({ params: { path: { id: String(id) } } });

/** GET the waitlist (labels in the admin's language: the client sends it). */
export function getWaitlist(offeringId: number | string): Promise<WaitlistView> {
  return unwrap(api.GET('/api/admin/offerings/{id}/waitlist', path(offeringId)));
}

/** PUT one applicant to `rank`, conditional on the `version` shown. */
export function moveTo(offeringId: number | string, id: string, rank: number, version: string): Promise<WaitlistView> {
  return unwrap(api.PUT('/api/admin/offerings/{id}/waitlist', { ...path(offeringId), body: { id, rank, version } }));
}

/** POST an admit of `ids`, with a reply deadline (ISO) or the offering's, acknowledging capacity when told. */
export function admitFromWaitlist(
  offeringId: number | string,
  ids: readonly string[],
  options: { replyBy?: string | null; acknowledgeOverCapacity?: boolean },
): Promise<AdmitResult> {
  return unwrap(
    api.POST('/api/admin/offerings/{id}/waitlist/admit', {
      ...path(offeringId),
      body: {
        ids: [...ids],
        ...(options.replyBy ? { replyBy: options.replyBy } : {}),
        ...(options.acknowledgeOverCapacity ? { acknowledgeOverCapacity: true } : {}),
      },
    }),
  );
}
