/** Basic / login-style layout (spec §2): a centred container with a small header. */
import { Outlet } from 'react-router-dom';
import { SiteHeader } from './SiteHeader';

/** Centred layout for login, home and the invalid / not-found pages. */
export function BasicLayout() {
  return (
    <div className="layout layout--basic">
      <SiteHeader logoHref="/" className="navbar--basic" />
      <main id="main" className="centered" tabIndex={-1}>
        <div className="card">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
