/**
 * Record shape of `GET /api/admin/audit-log` (docs/api.md "Admin console"; read-only).
 */

/** The actions the server records. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'withdraw',
  'reopen',
  'export',
  'revoke',
  'use',
  'refused',
  'assign',
  'unassign',
  'review-create',
  'review-update',
  'under-review',
] as const;
/** The resources the server records changes of. */
export const AUDIT_RESOURCES = [
  'dropdowns',
  'maintenance-windows',
  'applications',
  'users',
  'discount-codes',
  'advisory-lines',
  'api-keys',
  'assignments',
  'reviews',
  'review-criteria',
] as const;

/** One audit-log entry: who did what to which record, when, with the record before and after. */
export interface AuditEntryRecord {
  id: string;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  resource: string;
  recordId: string | null;
  /** The record before the change (null for a create). */
  before: unknown;
  /** The record after the change (null for a delete). */
  after: unknown;
  /** UTC ISO instant. */
  createdAt: string;
}
