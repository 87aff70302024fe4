/**
 * Thin progress bar at the top of the page while the router navigates (spec §2): runs about 3 s
 * towards >95%, completes to 100% and fades when navigation ends. Decorative (aria-hidden); the
 * routed page announces itself.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router-dom';
import { progressAt } from '../shared/lib/motion';

/** Navigation progress bar; mount once inside the router. */
export function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [value, setValue] = useState(0);
  const [visible, setVisible] = useState(false);
  const frame = useRef(0);

  useEffect(() => {
    if (busy) {
      setVisible(true);
      const start = performance.now();
      const tick = (now: number) => {
        setValue(progressAt(now - start));
        frame.current = requestAnimationFrame(tick);
      };
      frame.current = requestAnimationFrame(tick);
      return () => cancelAnimationFrame(frame.current);
    }
    if (!visible) return;
    setValue(1);
    const timer = window.setTimeout(() => {
      setVisible(false);
      setValue(0);
    }, 300);
    return () => window.clearTimeout(timer);
  }, [busy]);

  return (
    <div className={`nav-progress${visible ? ' nav-progress--visible' : ''}`} aria-hidden="true">
      <div className="nav-progress__bar" style={{ transform: `scaleX(${value})` }} />
    </div>
  );
}
