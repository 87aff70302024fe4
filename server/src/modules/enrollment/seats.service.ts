import { HttpStatus, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { seatCheck, type SeatCheck, type SeatFigures } from '../../../../contract/format/seats.js';
import { ApiException } from '../../common/errors/api.exception.js';
import { lockOffering } from './offering-lock.js';

/** One row of the figures query. */
interface FiguresRow {
  seats: number | null;
  taken: number;
  offers_out: number;
}

/**
 * Seats against admits (issue 29 item 4; `contract/format/seats.ts`): an offering's seats, the accepted offers
 * that take them and the admit decisions still open; and the check an admit passes before it is recorded — one
 * from the waitlist or an admit decision — under the offering's lock, so that two admits at once never both
 * pass it (the counted seats are claimed before they are spent).
 */
@Injectable()
export class SeatsService {
  /**
   * The figures of offering `offeringId` at `now`, read in `manager`'s transaction. `taken`: decided applications
   * admitted whose reply is `accepted`; `offersOut`: decided admits without a reply whose reply deadline (if any)
   * is after `now`, or with a deferral request the office has not answered. Other replies (declined, lapsed)
   * take no seat. An unknown offering has no limit and nothing counted.
   */
  async figures(manager: EntityManager, offeringId: number, now = new Date()): Promise<SeatFigures> {
    const rows = (await manager.query(
      `SELECT o.seats,
              count(a.id) FILTER (WHERE a.reply = 'accepted')::int AS taken,
              count(a.id) FILTER (WHERE (a.reply IS NULL AND (a.reply_deadline_at IS NULL OR a.reply_deadline_at > $2))
                                     OR (a.reply = 'deferral_requested' AND a.deferral_decision IS NULL))::int AS offers_out
         FROM offerings o
         LEFT JOIN applications a ON a.offering_id = o.id AND a.status = 'decided' AND a.decision = 'admitted'
        WHERE o.id = $1
        GROUP BY o.id`,
      [offeringId, now],
    )) as FiguresRow[];
    const row = rows[0];
    return { seats: row?.seats ?? null, taken: row?.taken ?? 0, offersOut: row?.offers_out ?? 0 };
  }

  /**
   * Takes the offering's lock (held until `manager`'s transaction ends) and checks an admit of `requested`
   * applicants against its seats.
   * @param acknowledge the office confirmed an admit past capacity
   * @returns the figures and what the admit comes to (`overCapacity` true when acknowledged past it)
   * @throws ApiException 409 SEAT-409-over-capacity (`data`: the {@link SeatCheck}) when the admit passes
   *         capacity and is not acknowledged
   */
  async claim(manager: EntityManager, offeringId: number, requested: number, acknowledge: boolean, now = new Date()): Promise<SeatCheck> {
    await lockOffering(manager, offeringId);
    const check = seatCheck(await this.figures(manager, offeringId, now), requested);
    if (check.overCapacity && !acknowledge)
      throw new ApiException(HttpStatus.CONFLICT, 'SEAT-409-over-capacity', {
        params: { seats: check.seats, taken: check.taken, offersOut: check.offersOut, requested },
        data: check,
      });
    return check;
  }
}
