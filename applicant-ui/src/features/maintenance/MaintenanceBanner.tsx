/**
 * The maintenance banner of the main layout (spec §4; issue 10 item 4): before a window it announces
 * when the form will be offline; while the window is in progress it says the form is offline now and
 * until when. Times are in the viewer's zone, formatted by luxon (Intl) with the zone's short name.
 */
import { useTranslation } from 'react-i18next';
import { loadedMaintenanceTime } from './maintenance-api';
import { useMaintenanceState } from './MaintenanceProvider';

/** Maintenance banner; renders nothing when no window is scheduled. */
export function MaintenanceBanner() {
  const { t, i18n } = useTranslation();
  const { phase, window: window_ } = useMaintenanceState();
  // a window is known only once its time conversions are loaded
  const time = loadedMaintenanceTime();
  if (phase === 'none' || !window_ || !time) return null;
  const start = time.formatMaintenanceTime(window_.startDateTime, i18n.language);
  const end = time.formatMaintenanceTime(window_.endDateTime, i18n.language);
  return (
    <div className={`banner banner--maintenance banner--${phase}`} role="status" data-testid="maintenance-banner" data-phase={phase}>
      <p>{phase === 'in-progress' ? t('maintenance.in_progress', { end }) : t('maintenance.message', { start, end })}</p>
    </div>
  );
}
