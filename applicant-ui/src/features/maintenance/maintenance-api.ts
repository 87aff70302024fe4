/** GET /api/maintenance/check (spec §4, §7, §8). */
import { api } from '../../shared/api/client';
import type { MaintenanceSchedule } from './maintenance-time';

/**
 * Returns the scheduled window when the server answers MAI-000 with data; null for MAI-001, any
 * other answer, or a failed call (treated as no maintenance).
 */
export async function checkMaintenance(): Promise<MaintenanceSchedule | null> {
  try {
    const { data } = await api.get<{ success: boolean; code: string; data: MaintenanceSchedule | null }>('/maintenance/check', {
      silent: true,
    });
    return data.code === 'MAI-000' && data.data ? data.data : null;
  } catch {
    return null;
  }
}
