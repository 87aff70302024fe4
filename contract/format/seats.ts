/**
 * Seats against admits (issue 29 item 4) — the arithmetic the server's capacity check (an admit from the
 * waitlist, or an admit decision, `SEAT-409-over-capacity`) and the console's "Admit from waitlist" dialog
 * share, so that the warning the office sees is the one the server would give.
 *
 * An offering's figures:
 * - `seats`: the offering's seats (null: no limit);
 * - `taken`: admitted applicants who accepted (a seat each; declined and lapsed offers free theirs);
 * - `offersOut`: admit decisions still open — no reply yet with the reply deadline not passed (released or
 *   about to be), or a deferral request the office has not answered.
 *
 * Admitting `requested` more passes capacity when every open offer and every new one, accepted, would not fit:
 * `taken + offersOut + requested > seats`.
 */

/** The figures of an offering the check reads. */
export interface SeatFigures {
  /** The offering's seats; null: no limit. */
  seats: number | null;
  /** Accepted offers. */
  taken: number;
  /** Admit decisions still open (see the module). */
  offersOut: number;
}

/** The figures of a planned admit of `requested` applicants, and what they come to. */
export interface SeatCheck extends SeatFigures {
  /** How many the office is admitting now. */
  requested: number;
  /** `seats − taken` (negative when over); null without a limit. */
  seatsLeft: number | null;
  /** `seats − taken − offersOut − requested`: what would still be free if every offer were accepted; null without a limit. */
  freeAfter: number | null;
  /** True when the admit passes capacity (`freeAfter < 0` with at least one admitted). */
  overCapacity: boolean;
}

/**
 * What admitting `requested` applicants into an offering with `figures` comes to.
 * @param requested whole number ≥ 0 (0: only the figures, never over capacity)
 */
export function seatCheck(figures: SeatFigures, requested: number): SeatCheck {
  const { seats, taken, offersOut } = figures;
  const freeAfter = seats === null ? null : seats - taken - offersOut - requested;
  return {
    seats,
    taken,
    offersOut,
    requested,
    seatsLeft: seats === null ? null : seats - taken,
    freeAfter,
    overCapacity: requested > 0 && freeAfter !== null && freeAfter < 0,
  };
}
