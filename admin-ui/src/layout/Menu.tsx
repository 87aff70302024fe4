/**
 * Sidebar of the dashboard layout (spec §2, §6): Dashboard Home, Manage Dropdowns, Manage Banner,
 * then Applications, in that order.
 */
import DashboardIcon from '@mui/icons-material/Dashboard';
import ListIcon from '@mui/icons-material/List';
import CampaignIcon from '@mui/icons-material/Campaign';
import AssignmentIcon from '@mui/icons-material/Assignment';
import { Menu as RaMenu, useTranslate } from 'react-admin';

/** The console's sidebar menu. */
export function Menu() {
  const translate = useTranslate();
  return (
    <nav aria-label={translate('app.menu.label')}>
      <RaMenu>
        <RaMenu.DashboardItem primaryText="app.menu.dashboard" leftIcon={<DashboardIcon />} />
        <RaMenu.Item to="/dropdowns" primaryText="app.menu.dropdowns" leftIcon={<ListIcon />} />
        <RaMenu.Item to="/maintenance-windows" primaryText="app.menu.banner" leftIcon={<CampaignIcon />} />
        <RaMenu.Item to="/applications" primaryText="app.menu.applications" leftIcon={<AssignmentIcon />} />
      </RaMenu>
    </nav>
  );
}
