/**
 * The admin console: react-admin in history mode under the `/admin` basename (a BrowserRouter:
 * react-admin's own default is a hash router), with the shared-login auth
 * provider, the ra-data-simple-rest data provider on `/api/admin`, i18next translations and the
 * dashboard layout. Resource pages are lazy-loaded chunks.
 */
import EventIcon from '@mui/icons-material/Event';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import SchoolIcon from '@mui/icons-material/School';
import { lazy } from 'react';
import { Admin, CustomRoutes, Resource, usePermissions, type I18nProvider, type Store } from 'react-admin';
import { BrowserRouter, Navigate, Route } from 'react-router';
import ListIcon from '@mui/icons-material/List';
import CampaignIcon from '@mui/icons-material/Campaign';
import AssignmentIcon from '@mui/icons-material/Assignment';
import AnnouncementIcon from '@mui/icons-material/Announcement';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import PeopleIcon from '@mui/icons-material/People';
import HistoryIcon from '@mui/icons-material/History';
import KeyIcon from '@mui/icons-material/Key';
import MailIcon from '@mui/icons-material/MarkEmailRead';
import WebhookIcon from '@mui/icons-material/Webhook';
import SendIcon from '@mui/icons-material/Send';
import InboxIcon from '@mui/icons-material/Inbox';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import GroupsIcon from '@mui/icons-material/Groups';
import RuleIcon from '@mui/icons-material/Rule';
import FilterAltIcon from '@mui/icons-material/FilterAlt';
import MailOutlineIcon from '@mui/icons-material/MailOutlineOutlined';
import OutboxIcon from '@mui/icons-material/Outbox';
import ForwardToInboxIcon from '@mui/icons-material/ForwardToInbox';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { authProvider } from './auth';
import { dataProvider } from './api/dataProvider';
import { BASENAME } from './config';
import { Layout } from './layout/Layout';
import { portalTheme } from './theme/theme';
import type { MaintenanceWindowRecord } from './maintenance/types';
import type { ApplicationRecord } from './applications/types';
import type { UserRecord } from './users/types';
import type { OfferingRecord } from './catalogue/types';
import { PREVIEW_PATH } from './catalogue/routes';
import { displayName } from './users/user';
import { formatPersonName } from '../../contract/format/person-name';

const Dashboard = lazy(() => import('./dashboard/Dashboard'));
const DropdownList = lazy(() => import('./dropdowns/DropdownList'));
const DropdownEdit = lazy(() => import('./dropdowns/DropdownEdit'));
const MaintenanceList = lazy(() => import('./maintenance/MaintenanceList'));
const MaintenanceCreate = lazy(() => import('./maintenance/MaintenanceCreate'));
const MaintenanceEdit = lazy(() => import('./maintenance/MaintenanceEdit'));
const ApplicationList = lazy(() => import('./applications/ApplicationList'));
const ApplicationShow = lazy(() => import('./applications/ApplicationShow'));
const AdvisoryLineList = lazy(() => import('./advisory/AdvisoryLineList'));
const AdvisoryLineCreate = lazy(() => import('./advisory/AdvisoryLineCreate'));
const AdvisoryLineEdit = lazy(() => import('./advisory/AdvisoryLineEdit'));
const TermList = lazy(() => import('./catalogue/TermList'));
const TermCreate = lazy(() => import('./catalogue/TermCreate'));
const TermEdit = lazy(() => import('./catalogue/TermEdit'));
const OfferingList = lazy(() => import('./catalogue/OfferingList'));
const OfferingCreate = lazy(() => import('./catalogue/OfferingCreate'));
const OfferingEdit = lazy(() => import('./catalogue/OfferingEdit'));
const ProgramList = lazy(() => import('./catalogue/ProgramList'));
const ProgramCreate = lazy(() => import('./catalogue/ProgramCreate'));
const ProgramEdit = lazy(() => import('./catalogue/ProgramEdit'));
const ApplicantPreview = lazy(() => import('./catalogue/ApplicantPreview'));
const DiscountCodeList = lazy(() => import('./discount-codes/DiscountCodeList'));
const DiscountCodeCreate = lazy(() => import('./discount-codes/DiscountCodeCreate'));
const DiscountCodeEdit = lazy(() => import('./discount-codes/DiscountCodeEdit'));
const UserList = lazy(() => import('./users/UserList'));
const UserEdit = lazy(() => import('./users/UserEdit'));
const ApiKeyList = lazy(() => import('./api-keys/ApiKeyList'));
const ApiKeyCreate = lazy(() => import('./api-keys/ApiKeyCreate'));
const DecisionTemplateList = lazy(() => import('./decisions/DecisionTemplateList'));
const DecisionTemplateEdit = lazy(() => import('./decisions/DecisionTemplateEdit'));
const WebhookList = lazy(() => import('./webhooks/WebhookList'));
const WebhookCreate = lazy(() => import('./webhooks/WebhookCreate'));
const WebhookEdit = lazy(() => import('./webhooks/WebhookEdit'));
const DeliveryList = lazy(() => import('./webhooks/DeliveryList'));
const DeliveryShow = lazy(() => import('./webhooks/DeliveryShow'));
const AuditLogList = lazy(() => import('./audit-log/AuditLogList'));
const SegmentList = lazy(() => import('./outreach/SegmentList'));
const SegmentCreate = lazy(() => import('./outreach/SegmentCreate'));
const SegmentEdit = lazy(() => import('./outreach/SegmentEdit'));
const MessageTemplateList = lazy(() => import('./outreach/MessageTemplateList'));
const MessageTemplateCreate = lazy(() => import('./outreach/MessageTemplateCreate'));
const MessageTemplateEdit = lazy(() => import('./outreach/MessageTemplateEdit'));
const OutreachMessageList = lazy(() => import('./outreach/OutreachMessageList'));
const CampaignList = lazy(() => import('./outreach/CampaignList'));
const CampaignCreate = lazy(() => import('./outreach/CampaignCreate'));
const CampaignEdit = lazy(() => import('./outreach/CampaignEdit'));
const CampaignShow = lazy(() => import('./outreach/CampaignShow'));
const ReminderRuleList = lazy(() => import('./outreach/ReminderRuleList'));
const ReminderRuleEdit = lazy(() => import('./outreach/ReminderRuleEdit'));
const AuditLogShow = lazy(() => import('./audit-log/AuditLogShow'));
const QueueList = lazy(() => import('./reviews/QueueList'));
const DeferralList = lazy(() => import('./deferrals/DeferralList'));
const ClassShapeList = lazy(() => import('./class-shape/ClassShapeList'));
const WaitlistPage = lazy(() => import('./waitlist/WaitlistPage'));
const ReviewCriterionList = lazy(() => import('./reviews/ReviewCriterionList'));
const ReviewCriterionEdit = lazy(() => import('./reviews/ReviewCriterionPages').then((m) => ({ default: m.ReviewCriterionEdit })));
const ReviewCriterionCreate = lazy(() => import('./reviews/ReviewCriterionPages').then((m) => ({ default: m.ReviewCriterionCreate })));

/** The home page: the dashboard for admins; a reader's home is their queue (the figures are admin-only). */
function Home() {
  const { permissions, isPending } = usePermissions<string>();
  if (isPending) return null;
  return permissions === 'reader' ? <Navigate to="/queue" replace /> : <Dashboard />;
}

/** How a maintenance window is named in titles and dialogs (Eastern wall-clock values). */
const windowRepresentation = (r: MaintenanceWindowRecord) =>
  `${r.startDate} ${r.startTime?.slice(0, 5)} – ${r.endDate} ${r.endTime?.slice(0, 5)}`;

/** The root component; `i18nProvider` and `store` are created in main.tsx before the first render. */
export function App({ i18nProvider, store }: { i18nProvider: I18nProvider; store: Store }) {
  return (
    // The router owns the `/admin` prefix, so react-admin's own paths stay '/', '/dropdowns', ….
    <BrowserRouter basename={BASENAME}>
      <Admin
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        store={store}
        layout={Layout}
        theme={portalTheme}
        dashboard={Home}
        loginPage={false}
        requireAuth
        disableTelemetry
        title="app.title"
      >
        <Resource
          name="dropdowns"
          list={DropdownList}
          edit={DropdownEdit}
          icon={ListIcon}
          recordRepresentation="label"
          options={{ label: 'app.menu.dropdowns' }}
        />
        <Resource
          name="maintenance-windows"
          list={MaintenanceList}
          create={MaintenanceCreate}
          edit={MaintenanceEdit}
          icon={CampaignIcon}
          recordRepresentation={windowRepresentation}
          options={{ label: 'app.menu.banner' }}
        />
        <Resource name="queue" list={QueueList} icon={InboxIcon} options={{ label: 'app.menu.queue' }} />
        <Resource
          name="review-criteria"
          list={ReviewCriterionList}
          edit={ReviewCriterionEdit}
          create={ReviewCriterionCreate}
          icon={RuleIcon}
          recordRepresentation="labelEn"
          options={{ label: 'app.menu.review_criteria' }}
        />
        <Resource
          name="applications"
          list={ApplicationList}
          show={ApplicationShow}
          icon={AssignmentIcon}
          recordRepresentation={(r: ApplicationRecord) => `#${r.referenceNumber} ${formatPersonName(r)}`}
          options={{ label: 'app.menu.applications' }}
        />
        {/* The deferral queue (issue 29 item 3): approve or deny requests to start in a later semester. */}
        <Resource name="deferrals" list={DeferralList} icon={EventRepeatIcon} options={{ label: 'app.menu.deferrals' }} />
        {/* The class taking shape (issue 29 item 5): replies and seats per offering, read-only. */}
        <Resource name="class-shape" list={ClassShapeList} icon={GroupsIcon} options={{ label: 'app.menu.class_shape' }} />
        <Resource
          name="advisory-lines"
          list={AdvisoryLineList}
          create={AdvisoryLineCreate}
          edit={AdvisoryLineEdit}
          icon={AnnouncementIcon}
          recordRepresentation="textEn"
          options={{ label: 'app.banner.advisory_tab' }}
        />
        {/* The admissions cycle (issue 25): terms, their offerings (program × term) and the programs. No DELETE: records are archived. */}
        <Resource
          name="terms"
          list={TermList}
          create={TermCreate}
          edit={TermEdit}
          icon={EventIcon}
          recordRepresentation="key"
          options={{ label: 'app.menu.terms' }}
        />
        <Resource
          name="offerings"
          list={OfferingList}
          create={OfferingCreate}
          edit={OfferingEdit}
          icon={EventAvailableIcon}
          recordRepresentation={(r: OfferingRecord) => `${r.fieldOfInterest} · ${r.semester}`}
          options={{ label: 'app.menu.offerings' }}
        />
        <Resource
          name="programs"
          list={ProgramList}
          create={ProgramCreate}
          edit={ProgramEdit}
          icon={SchoolIcon}
          recordRepresentation="name"
          options={{ label: 'app.menu.programs' }}
        />
        <Resource
          name="discount-codes"
          list={DiscountCodeList}
          create={DiscountCodeCreate}
          edit={DiscountCodeEdit}
          icon={LocalOfferIcon}
          recordRepresentation="code"
          options={{ label: 'app.menu.discount_codes' }}
        />
        <Resource
          name="users"
          list={UserList}
          edit={UserEdit}
          icon={PeopleIcon}
          recordRepresentation={(r: UserRecord) => displayName(r)}
          options={{ label: 'app.menu.users' }}
        />
        <Resource
          name="api-keys"
          list={ApiKeyList}
          create={ApiKeyCreate}
          icon={KeyIcon}
          recordRepresentation="name"
          options={{ label: 'app.menu.api_keys' }}
        />
        <Resource
          name="decision-templates"
          list={DecisionTemplateList}
          edit={DecisionTemplateEdit}
          icon={MailIcon}
          recordRepresentation="id"
          options={{ label: 'app.menu.decision_templates' }}
        />
        <Resource
          name="webhooks"
          list={WebhookList}
          create={WebhookCreate}
          edit={WebhookEdit}
          icon={WebhookIcon}
          recordRepresentation="url"
          options={{ label: 'app.menu.webhooks' }}
        />
        <Resource
          name="webhook-deliveries"
          list={DeliveryList}
          show={DeliveryShow}
          icon={SendIcon}
          recordRepresentation={(r: { eventType: string; endpointUrl: string }) => `${r.eventType} → ${r.endpointUrl}`}
          options={{ label: 'app.menu.webhook_deliveries' }}
        />
        {/* Outreach (issue 30): segments, message templates and the delivery log */}
        <Resource
          name="segments"
          list={SegmentList}
          create={SegmentCreate}
          edit={SegmentEdit}
          icon={FilterAltIcon}
          recordRepresentation="name"
          options={{ label: 'app.menu.segments' }}
        />
        <Resource
          name="message-templates"
          list={MessageTemplateList}
          create={MessageTemplateCreate}
          edit={MessageTemplateEdit}
          icon={MailOutlineIcon}
          recordRepresentation="name"
          options={{ label: 'app.menu.message_templates' }}
        />
        {/* Campaigns and automatic reminders (issue 30 items 3, 4) */}
        <Resource
          name="campaigns"
          list={CampaignList}
          create={CampaignCreate}
          edit={CampaignEdit}
          show={CampaignShow}
          icon={ForwardToInboxIcon}
          recordRepresentation="name"
          options={{ label: 'app.menu.campaigns' }}
        />
        <Resource
          name="reminder-rules"
          list={ReminderRuleList}
          edit={ReminderRuleEdit}
          icon={NotificationsActiveIcon}
          recordRepresentation={(r: { kind: string }) => r.kind}
          options={{ label: 'app.menu.reminder_rules' }}
        />
        <Resource
          name="outreach-messages"
          list={OutreachMessageList}
          icon={OutboxIcon}
          recordRepresentation={(r: { id: string; email: string }) => `#${r.id} ${r.email}`}
          options={{ label: 'app.menu.outreach_messages' }}
        />
        <Resource
          name="audit-log"
          list={AuditLogList}
          show={AuditLogShow}
          icon={HistoryIcon}
          recordRepresentation={(r: { id: string }) => `#${r.id}`}
          options={{ label: 'app.menu.audit_log' }}
        />
        <CustomRoutes>
          {/* DESIGN §3: the applicant app sends admins from /banner to /admin/banner. */}
          <Route path="/banner" element={<Navigate to="/maintenance-windows" replace />} />
          <Route path={PREVIEW_PATH} element={<ApplicantPreview />} />
          {/* An offering's ranked waitlist and the admit from it (issue 29 item 4). */}
          <Route path="/offerings/:id/waitlist" element={<WaitlistPage />} />
        </CustomRoutes>
      </Admin>
    </BrowserRouter>
  );
}
