/**
 * The react-admin data provider: ra-data-simple-rest on `/api/admin` (the server speaks its
 * dialect, with `Content-Range`), plus `getStats` for Dashboard Home.
 */
import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider } from 'react-admin';
import { ADMIN_API_URL } from '../config';
import { httpClient } from './httpClient';

/** Answer of GET /api/admin/stats. */
export interface AdminStats {
  total: number;
  byStatus: Record<string, number>;
}

/** The data provider with the console's extra method. */
export type AdminDataProvider = DataProvider & { getStats: () => Promise<AdminStats> };

const base = simpleRestProvider(ADMIN_API_URL, httpClient);

/** The console's data provider instance. */
export const dataProvider: AdminDataProvider = {
  ...base,
  getStats: async () => {
    const { json } = await httpClient(`${ADMIN_API_URL}/stats`);
    // Tolerate a `{ success, data }` envelope as well as the bare `{ total, byStatus }` of docs/api.md.
    const raw = (json ?? {}) as Partial<AdminStats> & { data?: Partial<AdminStats> };
    const body = raw.data && typeof raw.data === 'object' ? raw.data : raw;
    return { total: Number(body.total ?? 0), byStatus: body.byStatus ?? {} };
  },
};
