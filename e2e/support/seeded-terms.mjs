// @ts-check
/**
 * Opens every offering of the seeded terms (Spring, Summer and Fall of the catalogue's first year) around
 * the real today — a month ago until a year on — leaving rounds, fees and the late fee's start as
 * migrated: the browser tests written before admission cycles became data (issue 25) keep choosing the
 * terms the migration seeded by name. Run on the e2e template database (global-setup) and, for a portal on
 * its own embedded PostgreSQL, through the console API (support/portal.ts `openSeededTerms`).
 */
export const SEEDED_TERMS_OPEN_SQL = `
  UPDATE offerings o
     SET opens_at = now() - interval '30 days', closes_at = now() + interval '365 days'
    FROM terms t
   WHERE t.id = o.term_id AND t.key ~ '^(Spring|Summer|Fall) 2026$'`;
