/**
 * The maintenance banner of the main layout: checks on load and every `intervalMs` (80 s by default,
 * spec §9) and shows the scheduled window converted to the viewer's zone while the server answers MAI-000.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkMaintenance } from './maintenance-api';
import { formatMaintenanceTime, toMaintenanceWindow, viewerTimeZone, type MaintenanceSchedule } from './maintenance-time';

/** Maintenance banner; renders nothing when no window is scheduled. */
export function MaintenanceBanner({ intervalMs = 80_000 }: { intervalMs?: number }) {
  const { t, i18n } = useTranslation();
  const [schedule, setSchedule] = useState<MaintenanceSchedule | null>(null);

  useEffect(() => {
    let alive = true;
    const run = () => {
      void checkMaintenance().then((s) => {
        if (alive) setSchedule(s);
      });
    };
    run();
    const timer = window.setInterval(run, intervalMs);
    return () => {
      alive = false;
      window.clearInterval(timer);
    };
  }, [intervalMs]);

  if (!schedule) return null;
  const window_ = toMaintenanceWindow(schedule, viewerTimeZone());
  if (!window_) return null;
  return (
    <div className="banner banner--maintenance" role="status" data-testid="maintenance-banner">
      <p>
        {t('maintenance.message', {
          start: formatMaintenanceTime(window_.startDateTime, i18n.language),
          end: formatMaintenanceTime(window_.endDateTime, i18n.language),
        })}
      </p>
    </div>
  );
}
