import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Key class of the per-offering advisory lock (`pg_advisory_xact_lock(7261029, offering_id)`): the waitlist's
 * ranking and the seat check of an admit take it (server/src/modules/enrollment/offering-lock.ts names the same
 * number).
 */
const OFFERING_LOCK_CLASS = 7_261_029;

/** The scope this migration allows API keys to hold. */
const SCOPE = 'enrollment:read';

/**
 * The scopes the `api_keys_scopes_check` constraint allows now, read from the constraint itself, so that a scope
 * another migration added (in whatever order they ran) is kept.
 */
async function allowedScopes(q: QueryRunner): Promise<string[]> {
  const rows = (await q.query(
    `SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = 'api_keys_scopes_check' AND conrelid = 'api_keys'::regclass`,
  )) as { def: string }[];
  return [...(rows[0]?.def ?? '').matchAll(/'([a-z]+:[a-z]+)'/g)].map((m) => m[1]!);
}

/** Replaces the scope constraint with one allowing exactly `scopes`. */
async function allowScopes(q: QueryRunner, scopes: readonly string[]): Promise<void> {
  await q.query(`ALTER TABLE api_keys DROP CONSTRAINT api_keys_scopes_check`);
  await q.query(`ALTER TABLE api_keys ADD CONSTRAINT api_keys_scopes_check CHECK (cardinality(scopes) > 0
    AND scopes <@ ARRAY[${scopes.map((s) => `'${s}'`).join(', ')}]::text[])`);
}

/**
 * Issue 29 item 4, the ranked waitlist per offering (and item 6, its reads for integrators):
 * - `applications.waitlist_rank`: the place of a waitlisted application in its offering's waitlist, set for
 *   exactly the applications on it — status `decided`, decision `waitlisted`, an offering, and a reply that
 *   keeps them there (none yet, or `staying_on_waitlist`: an allow-list) — and null for every other. A column
 *   rather than a table of its own: the membership is a function of the application's own columns, so it
 *   cannot drift from them. Unique per offering (a DEFERRABLE constraint, checked at commit, so that a reorder
 *   may rewrite every rank in one statement); the values order, the ranks 1..n the API shows are their
 *   positions (`row_number()`), so that leaving the waitlist never rewrites anybody else's row.
 * - A trigger keeps the membership whatever changes the row (a decision, a rescind, a reply, a withdrawal, a
 *   move to another offering): an application that joins gets the next rank of its offering (under the
 *   offering's advisory lock, so two joining at once never take the same one), one that leaves loses its rank.
 * - Existing waitlisted applications are ranked by decision date (then reference number).
 * - API keys may hold `enrollment:read` (class view, waitlists, deferral queue).
 */
export class WaitlistRanks1764210000000 implements MigrationInterface {
  name = 'WaitlistRanks1764210000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE applications ADD COLUMN waitlist_rank integer CHECK (waitlist_rank > 0)`);
    await q.query(`
      UPDATE applications a SET waitlist_rank = r.n
        FROM (SELECT id, row_number() OVER (PARTITION BY offering_id ORDER BY decided_at NULLS LAST, reference_number) AS n
                FROM applications
               WHERE status = 'decided' AND decision = 'waitlisted' AND offering_id IS NOT NULL
                 AND (reply IS NULL OR reply = 'staying_on_waitlist')) r
       WHERE a.id = r.id`);
    await q.query(`ALTER TABLE applications ADD CONSTRAINT applications_waitlist_rank_unique
      UNIQUE (offering_id, waitlist_rank) DEFERRABLE INITIALLY DEFERRED`);
    await q.query(`
      CREATE FUNCTION applications_waitlist_rank() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.status = 'decided' AND NEW.decision = 'waitlisted' AND NEW.offering_id IS NOT NULL
           AND (NEW.reply IS NULL OR NEW.reply = 'staying_on_waitlist') THEN
          -- on the waitlist: keep the rank (a reorder may set another), unless the row joins it now
          IF TG_OP = 'UPDATE' THEN
            IF OLD.waitlist_rank IS NOT NULL AND OLD.offering_id = NEW.offering_id AND NEW.waitlist_rank IS NOT NULL THEN
              RETURN NEW;
            END IF;
          END IF;
          PERFORM pg_advisory_xact_lock(${OFFERING_LOCK_CLASS}, NEW.offering_id);
          SELECT coalesce(max(waitlist_rank), 0) + 1 INTO NEW.waitlist_rank
            FROM applications WHERE offering_id = NEW.offering_id AND waitlist_rank IS NOT NULL AND id <> NEW.id;
        ELSE
          NEW.waitlist_rank := NULL;
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER applications_waitlist_rank
        BEFORE INSERT OR UPDATE OF status, decision, reply, offering_id, waitlist_rank ON applications
        FOR EACH ROW EXECUTE FUNCTION applications_waitlist_rank()`);
    const scopes = await allowedScopes(q);
    if (!scopes.includes(SCOPE)) await allowScopes(q, [...scopes, SCOPE]);
  }

  async down(q: QueryRunner): Promise<void> {
    // a key that holds nothing else goes (a key needs a scope); the others lose this one
    await q.query(`DELETE FROM api_keys WHERE scopes = ARRAY['${SCOPE}']::text[]`);
    await q.query(`UPDATE api_keys SET scopes = array_remove(scopes, '${SCOPE}')`);
    await allowScopes(
      q,
      (await allowedScopes(q)).filter((s) => s !== SCOPE),
    );
    await q.query(`DROP TRIGGER applications_waitlist_rank ON applications`);
    await q.query(`DROP FUNCTION applications_waitlist_rank()`);
    await q.query(`ALTER TABLE applications DROP CONSTRAINT applications_waitlist_rank_unique, DROP COLUMN waitlist_rank`);
  }
}
