/**
 * The save status line (issue 10 item 1): sticky at the top of the viewport on desktop and phone, polite
 * live region, and a stable test contract on `[data-testid="save-status"]`:
 * - `data-state`: idle | pending | saving | saved | invalid | offline | maintenance | conflict | error
 *   (see {@link SaveState}); `saved` only when every typed answer is acknowledged by the server;
 * - `data-unsaved`: the number of answers not on the server (typed, held, queued or in flight).
 * Texts: "Saving…", "Saved · 2 s ago", "1 answer not saved — fix it to save", "Offline — will retry",
 * the server's own maintenance message… (en, es, zh-CN). The "· 2 s ago" part ticks outside the live
 * region so that screen readers are not interrupted every second.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AutosaveSnapshot } from './autosave-controller';

/** Props of {@link SaveStatusBar}. */
export interface SaveStatusBarProps {
  snapshot: AutosaveSnapshot;
  /** Saves now (shown as a button when offline or after an error). */
  onRetry?: () => void;
}

/** Seconds since `at`, re-rendered every second while `active`. */
function useSecondsSince(at: number | null, active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [active, at]);
  return at === null ? 0 : Math.max(0, Math.floor((now - at) / 1000));
}

/** Sticky, polite save status; see module doc. */
export function SaveStatusBar({ snapshot, onRetry }: SaveStatusBarProps) {
  const { t } = useTranslation();
  const { state, unsaved } = snapshot;
  const seconds = useSecondsSince(snapshot.savedAt, state === 'saved');
  const ago =
    seconds < 2
      ? t('autosave.saved_now')
      : seconds < 60
        ? t('autosave.saved_seconds', { n: seconds })
        : t('autosave.saved_minutes', { n: Math.floor(seconds / 60) });
  const held = Object.keys(snapshot.held).length;
  const text = {
    idle: t('autosave.idle'),
    pending: t('autosave.pending'),
    saving: t('autosave.saving'),
    saved: t('autosave.saved'),
    invalid: t('autosave.invalid', { count: held }),
    offline: t('autosave.offline'),
    maintenance: `${snapshot.message ?? t('autosave.maintenance')} ${t('autosave.maintenance_kept')}`,
    conflict: t('autosave.conflict'),
    error: snapshot.message ? `${t('autosave.error')} (${snapshot.message})` : t('autosave.error'),
  }[state];
  const problem = state === 'invalid' || state === 'offline' || state === 'maintenance' || state === 'conflict' || state === 'error';
  return (
    <div className={`save-status-bar${problem ? ' save-status-bar--problem' : ''}`}>
      <p
        className={`save-status save-status--${state}`}
        role="status"
        aria-live="polite"
        data-testid="save-status"
        data-state={state}
        data-unsaved={unsaved}
      >
        {text}
        {state === 'saved' && <span aria-hidden="true"> · {ago}</span>}
      </p>
      {onRetry && (state === 'offline' || state === 'error') && (
        <button type="button" className="btn btn--ghost btn--small" onClick={onRetry}>
          {t('autosave.retry')}
        </button>
      )}
    </div>
  );
}
