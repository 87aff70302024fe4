/**
 * Record shape of `/api/admin/maintenance-windows` (docs/api.md), from the contract: wall-clock fields in
 * America/New_York plus the computed UTC instants.
 */
import type { Schema } from '../api/contract-types';

/** A maintenance window as the admin API returns it. */
export type MaintenanceWindowRecord = Schema<'MaintenanceWindowResponse'>;
