import type { EntityManager } from 'typeorm';

/**
 * Key class of the per-offering advisory lock: `pg_advisory_xact_lock(OFFERING_LOCK_CLASS, offering id)`. The
 * waitlist's ranking (the trigger of migration 1764210000000, which names the same number, and the reorder) and
 * the seat check of an admit hold it until their transaction ends, so that two admits never both pass the check
 * and two applications joining a waitlist never take the same rank.
 *
 * Lock order, to stay free of deadlocks: application rows first (`FOR UPDATE`, by id), then the offering's lock;
 * never a row lock after it.
 */
export const OFFERING_LOCK_CLASS = 7_261_029;

/** Takes the offering's lock for the rest of `manager`'s transaction (waits while another holds it). */
export async function lockOffering(manager: EntityManager, offeringId: number): Promise<void> {
  await manager.query('SELECT pg_advisory_xact_lock($1, $2)', [OFFERING_LOCK_CLASS, offeringId]);
}
