import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The foundation schema (DESIGN §5): accounts and their tokens, option lists, the program catalogue,
 * maintenance windows, applications with their tokenised links, sessions and the time log.
 * Section answers of an application live in `answers` (JSONB, validated by the step DTOs); the columns
 * beside it are the ones admins search and filter on.
 */
export class InitialSchema1763800000000 implements MigrationInterface {
  name = 'InitialSchema1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pgcrypto`);
    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        password_hash text,
        role text NOT NULL DEFAULT 'applicant' CHECK (role IN ('admin', 'applicant')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX users_email_key ON users (lower(email))`);
    await q.query(`
      CREATE TABLE access_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        last_used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX access_tokens_user_idx ON access_tokens (user_id)`);
    await q.query(`
      CREATE TABLE dropdowns (
        id serial PRIMARY KEY,
        key text NOT NULL UNIQUE,
        label text NOT NULL,
        options jsonb NOT NULL DEFAULT '[]'::jsonb,
        sort_order integer NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE programs (
        id serial PRIMARY KEY,
        gender text NOT NULL CHECK (gender IN ('female', 'male')),
        name text NOT NULL,
        program text NOT NULL CHECK (program IN ('underGraduate', 'graduate', 'postGraduate', 'preRequisite')),
        label text NOT NULL,
        popup jsonb NOT NULL,
        courses jsonb NOT NULL DEFAULT '[]'::jsonb,
        flags jsonb NOT NULL DEFAULT '{}'::jsonb,
        sort_order integer NOT NULL DEFAULT 0,
        UNIQUE (gender, name)
      )`);
    await q.query(`
      CREATE TABLE maintenance_windows (
        id serial PRIMARY KEY,
        start_date date NOT NULL,
        start_time time NOT NULL,
        end_date date NOT NULL,
        end_time time NOT NULL,
        starts_at timestamptz NOT NULL,
        ends_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (ends_at > starts_at)
      )`);
    await q.query(`COMMENT ON COLUMN maintenance_windows.start_date IS 'wall-clock date in America/New_York'`);
    await q.query(`CREATE INDEX maintenance_windows_ends_idx ON maintenance_windows (ends_at)`);
    await q.query(`
      CREATE TABLE applications (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        email text NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        gender text NOT NULL CHECK (gender IN ('Female', 'Male')),
        program text NOT NULL,
        field_of_interest text NOT NULL,
        semester text NOT NULL,
        location text,
        locale text NOT NULL DEFAULT 'en',
        status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'submitted', 'complete', 'withdrawn')),
        step_reached integer NOT NULL DEFAULT 1 CHECK (step_reached BETWEEN 1 AND 8),
        payment_status text NOT NULL DEFAULT 'Unpaid'
          CHECK (payment_status IN ('Unpaid', 'Pending', 'Paid', 'Declined', 'Waived', 'Refunded')),
        version integer NOT NULL DEFAULT 1,
        answers jsonb NOT NULL DEFAULT '{}'::jsonb,
        submitted_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX applications_email_idx ON applications (lower(email))`);
    await q.query(`CREATE INDEX applications_status_idx ON applications (status, created_at)`);
    await q.query(`CREATE INDEX applications_program_idx ON applications (field_of_interest, semester)`);
    await q.query(`
      CREATE TABLE application_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        purpose text NOT NULL CHECK (purpose IN ('application', 'details')),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        last_used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX application_tokens_application_idx ON application_tokens (application_id)`);
    await q.query(`
      CREATE TABLE sessions (
        id text PRIMARY KEY,
        start_time timestamptz NOT NULL,
        new_start_time timestamptz,
        end_time timestamptz,
        last_activity_time timestamptz,
        parent_module text,
        parent_id text,
        renewed boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX sessions_activity_idx ON sessions (last_activity_time)`);
    await q.query(`
      CREATE TABLE time_logs (
        id bigserial PRIMARY KEY,
        application_id uuid REFERENCES applications(id) ON DELETE CASCADE,
        step text NOT NULL,
        duration numeric(12, 4) NOT NULL CHECK (duration >= 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX time_logs_step_idx ON time_logs (step)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'time_logs',
      'sessions',
      'application_tokens',
      'applications',
      'maintenance_windows',
      'programs',
      'dropdowns',
      'access_tokens',
      'users',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
