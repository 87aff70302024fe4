/**
 * The one axios instance for `/api` (spec §7, §8).
 * - Request: `Authorization: Bearer <token cookie>` when the cookie exists, `Accept-Language: <locale>`,
 *   `X-Requested-With: XMLHttpRequest`.
 * - Response: status ≥ 500 → error alert (`error_alert_title`/`error_alert_text`); 401 while logged in →
 *   warning alert (`token_expired_alert_*`), then local logout and the login route.
 * Background polls pass `silent: true` to skip the alerts.
 */
import axios, { type AxiosError } from 'axios';
import { currentLocale } from '../../i18n';
import { showAlert } from '../ui/alert-bus';
import { appNavigate } from '../lib/navigator';
import { getToken } from './token-cookie';
import { authStore } from './auth-store';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Skip the global error alerts for this request (background polls). */
    silent?: boolean;
  }
}

/** Axios instance with base `/api` and the portal's interceptors. */
export const api = axios.create({ baseURL: '/api', headers: { Accept: 'application/json' } });

api.interceptors.request.use((config) => {
  const token = getToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  config.headers.set('Accept-Language', currentLocale());
  config.headers.set('X-Requested-With', 'XMLHttpRequest');
  return config;
});

let serverAlertOpen = false;
let expiredAlertOpen = false;

api.interceptors.response.use(
  (response) => response,
  async (error: AxiosError) => {
    const status = error.response?.status ?? 0;
    const silent = error.config?.silent === true;
    if (status >= 500 && !silent && !serverAlertOpen) {
      serverAlertOpen = true;
      void showAlert({ titleKey: 'error_alert_title', textKey: 'error_alert_text', variant: 'error' }).then(() => {
        serverAlertOpen = false;
      });
    } else if (status === 401 && authStore.getUser() && !expiredAlertOpen) {
      expiredAlertOpen = true;
      void showAlert({
        titleKey: 'token_expired_alert_title',
        textKey: 'token_expired_alert_text',
        variant: 'warning',
      }).then(() => {
        expiredAlertOpen = false;
        authStore.logoutLocal();
        appNavigate('/login');
      });
    }
    return Promise.reject(error);
  },
);
