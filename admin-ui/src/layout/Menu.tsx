/**
 * Sidebar of the dashboard layout (spec §2, §6): Dashboard Home, Manage Dropdowns, Manage Banner
 * (maintenance windows and advisory lines), in that order, then the admissions cycle (issue 25: terms,
 * offerings, programs and what applicants see, under their own named separator), then the rest of the
 * console (issue 5): Applications, Deferrals and Class (issue 29), Discount codes, Users, Decision letters (issue 15), API keys and
 * Webhooks with their delivery log (issue 14), Outreach (issue 30: segments, message templates, campaigns, automatic
 * reminders, the delivery log),
 * Audit log.
 */
import EventIcon from '@mui/icons-material/Event';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import SchoolIcon from '@mui/icons-material/School';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Divider, ListSubheader } from '@mui/material';
import DashboardIcon from '@mui/icons-material/Dashboard';
import ListIcon from '@mui/icons-material/List';
import CampaignIcon from '@mui/icons-material/Campaign';
import AssignmentIcon from '@mui/icons-material/Assignment';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import PeopleIcon from '@mui/icons-material/People';
import HistoryIcon from '@mui/icons-material/History';
import KeyIcon from '@mui/icons-material/Key';
import MailIcon from '@mui/icons-material/MarkEmailRead';
import WebhookIcon from '@mui/icons-material/Webhook';
import SendIcon from '@mui/icons-material/Send';
import InboxIcon from '@mui/icons-material/Inbox';
import RuleIcon from '@mui/icons-material/Rule';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import GroupsIcon from '@mui/icons-material/Groups';
import FilterAltIcon from '@mui/icons-material/FilterAlt';
import MailOutlineIcon from '@mui/icons-material/MailOutlineOutlined';
import OutboxIcon from '@mui/icons-material/Outbox';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { Menu as RaMenu, usePermissions, useSidebarState, useTranslate } from 'react-admin';
import { PREVIEW_PATH } from '../catalogue/routes';

/**
 * A named separator between groups of the menu: its name shows while the sidebar is open (a bare line when
 * it is folded) and is read by screen readers either way. A `separator` is allowed inside the menu's
 * `role="menu"` list, and arrow keys pass over it.
 */
function MenuGroupLabel({ label }: { label: string }) {
  const translate = useTranslate();
  const [open] = useSidebarState();
  const name = translate(label);
  return open ? (
    <ListSubheader component="li" role="separator" aria-label={name} disableSticky sx={{ lineHeight: 2.5, mt: 1, bgcolor: 'transparent' }}>
      {name}
    </ListSubheader>
  ) : (
    <Divider component="li" role="separator" aria-label={name} sx={{ my: 1 }} />
  );
}

/** The console's sidebar menu; a reader sees only their queue and the applications assigned to them (issue 15). */
export function Menu() {
  const translate = useTranslate();
  const { permissions } = usePermissions<string>();
  if (permissions === 'reader')
    return (
      <nav aria-label={translate('app.menu.label')}>
        <RaMenu>
          <RaMenu.Item to="/queue" primaryText="app.menu.queue" leftIcon={<InboxIcon />} />
          <RaMenu.Item to="/applications" primaryText="app.menu.applications" leftIcon={<AssignmentIcon />} />
        </RaMenu>
      </nav>
    );
  return (
    <nav aria-label={translate('app.menu.label')}>
      <RaMenu>
        <RaMenu.DashboardItem primaryText="app.menu.dashboard" leftIcon={<DashboardIcon />} />
        <RaMenu.Item to="/dropdowns" primaryText="app.menu.dropdowns" leftIcon={<ListIcon />} />
        <RaMenu.Item to="/maintenance-windows" primaryText="app.menu.banner" leftIcon={<CampaignIcon />} />
        <MenuGroupLabel label="app.menu.catalogue" />
        <RaMenu.Item to="/terms" primaryText="app.menu.terms" leftIcon={<EventIcon />} />
        <RaMenu.Item to="/offerings" primaryText="app.menu.offerings" leftIcon={<EventAvailableIcon />} />
        <RaMenu.Item to="/programs" primaryText="app.menu.programs" leftIcon={<SchoolIcon />} />
        <RaMenu.Item to={PREVIEW_PATH} primaryText="app.menu.applicant_preview" leftIcon={<VisibilityIcon />} />
        <Divider component="li" role="separator" sx={{ my: 1 }} />
        <RaMenu.Item to="/applications" primaryText="app.menu.applications" leftIcon={<AssignmentIcon />} />
        <RaMenu.Item to="/deferrals" primaryText="app.menu.deferrals" leftIcon={<EventRepeatIcon />} />
        <RaMenu.Item to="/class-shape" primaryText="app.menu.class_shape" leftIcon={<GroupsIcon />} />
        <RaMenu.Item to="/queue" primaryText="app.menu.queue" leftIcon={<InboxIcon />} />
        <RaMenu.Item to="/review-criteria" primaryText="app.menu.review_criteria" leftIcon={<RuleIcon />} />
        <RaMenu.Item to="/discount-codes" primaryText="app.menu.discount_codes" leftIcon={<LocalOfferIcon />} />
        <RaMenu.Item to="/users" primaryText="app.menu.users" leftIcon={<PeopleIcon />} />
        <RaMenu.Item to="/decision-templates" primaryText="app.menu.decision_templates" leftIcon={<MailIcon />} />
        <RaMenu.Item to="/api-keys" primaryText="app.menu.api_keys" leftIcon={<KeyIcon />} />
        <RaMenu.Item to="/webhooks" primaryText="app.menu.webhooks" leftIcon={<WebhookIcon />} />
        <RaMenu.Item to="/webhook-deliveries" primaryText="app.menu.webhook_deliveries" leftIcon={<SendIcon />} />
        <MenuGroupLabel label="app.menu.outreach" />
        <RaMenu.Item to="/segments" primaryText="app.menu.segments" leftIcon={<FilterAltIcon />} />
        <RaMenu.Item to="/message-templates" primaryText="app.menu.message_templates" leftIcon={<MailOutlineIcon />} />
        <RaMenu.Item to="/campaigns" primaryText="app.menu.campaigns" leftIcon={<ForwardToInboxIcon />} />
        <RaMenu.Item to="/reminder-rules" primaryText="app.menu.reminder_rules" leftIcon={<NotificationsActiveIcon />} />
        <RaMenu.Item to="/outreach-messages" primaryText="app.menu.outreach_messages" leftIcon={<OutboxIcon />} />
        <Divider component="li" role="separator" sx={{ my: 1 }} />
        <RaMenu.Item to="/audit-log" primaryText="app.menu.audit_log" leftIcon={<HistoryIcon />} />
      </RaMenu>
    </nav>
  );
}
