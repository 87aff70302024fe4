/**
 * Record shape of `/api/admin/maintenance-windows` (docs/api.md): wall-clock fields in
 * America/New_York plus the computed UTC instants.
 */

/** A maintenance window as the admin API returns it. */
export interface MaintenanceWindowRecord {
  id: number | string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  startsAt?: string;
  endsAt?: string;
  createdAt?: string;
}
