/**
 * The form side of maintenance (issue 10 item 4): while a window is in progress the fields it wraps
 * are disabled (one `<fieldset disabled>`) under a message saying until when, in the viewer's zone.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { loadedMaintenanceTime } from './maintenance-api';
import { useMaintenanceState } from './MaintenanceProvider';

/** True while a maintenance window is in progress (the server refuses saves with MAI-002). */
export function useFormOffline(): boolean {
  return useMaintenanceState().phase === 'in-progress';
}

/** Renders `children` as they are, or disabled under the offline message while maintenance is in progress. */
export function MaintenanceReadOnly({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { phase, window: window_ } = useMaintenanceState();
  // a window is known only once its time conversions are loaded
  const time = loadedMaintenanceTime();
  const offline = phase === 'in-progress' && window_ !== null && time !== undefined;
  return (
    <fieldset
      className="maintenance-fieldset"
      disabled={offline}
      // a plain wrapper while online (no unnamed group read out); described by the notice while offline
      role={offline ? undefined : 'presentation'}
      aria-describedby={offline ? 'maintenance-read-only' : undefined}
    >
      {offline && (
        <p id="maintenance-read-only" className="form__notice" role="status" data-testid="maintenance-read-only">
          {t('maintenance.read_only', { end: time.formatMaintenanceTime(window_.endDateTime, i18n.language) })}
        </p>
      )}
      {children}
    </fieldset>
  );
}
