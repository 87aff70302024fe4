/**
 * Record shape of `/api/admin/dropdowns` (docs/api.md).
 */

/** One option of a dropdown list. */
export interface DropdownOption {
  value: string;
  label: string;
}

/** A dropdown list as the admin API returns it. */
export interface DropdownRecord {
  id: number | string;
  key: string;
  label: string;
  options: DropdownOption[];
  updated_at?: string;
}
