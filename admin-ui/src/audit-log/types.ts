/**
 * Record shape of `GET /api/admin/audit-log` (docs/api.md "Admin console"; read-only), from the contract;
 * the action and resource lists are the filter's choices (the contract types both as plain strings).
 */
import type { Schema } from '../api/contract-types';

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
  'roll-over',
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
  'programs',
  'terms',
  'offerings',
] as const;

/** One audit-log entry: who did what to which record, when, with the record before (null for a create) and after (null for a delete). */
export type AuditEntryRecord = Schema<'AuditEntryResponse'>;
