/**
 * Campaigns (issue 30 item 4): each with its status, its time (whose zone), its throttle and how many of its
 * messages went out; filters name and status; a row opens the campaign's page with its live counts and its
 * actions. On phones, one compact row a campaign.
 */
import CampaignIcon from '@mui/icons-material/Campaign';
import { Datagrid, FunctionField, List, NumberField, SelectInput, SimpleList, TextField, useLocaleState, useTranslate } from 'react-admin';
import { CreateListActions } from '../common/CreateListActions';
import { InstantField } from '../common/InstantField';
import { ListEmpty } from '../common/ListEmpty';
import { formatWallClock, zoneDisplayName } from '../common/localDateTime';
import { ResponsiveList } from '../common/ResponsiveList';
import { SearchFilter } from '../common/SearchFilter';
import { CampaignStatusChip } from './CampaignStatusChip';
import { CAMPAIGN_STATUSES, type CampaignRecord } from './campaigns';

const STATUS_CHOICES = CAMPAIGN_STATUSES.map((s) => ({ id: s, name: `app.outreach.campaigns.status.${s}` }));
const filters = [
  <SearchFilter key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
];

/** The campaign's send time as the office reads it: its local date and time, then whose zone ("… 10:00 (each applicant's own time)"). */
export function useSendAtText(): (r: Pick<CampaignRecord, 'sendAt' | 'zone' | 'officeZone'>) => string {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (r) =>
    r.sendAt
      ? `${formatWallClock(r.sendAt, locale)} (${translate(`app.outreach.campaigns.zone_short.${r.zone}`, {
          zone: zoneDisplayName(r.officeZone, locale),
        })})`
      : translate('app.outreach.campaigns.no_time');
}

/** The list, last changed first. */
export default function CampaignList() {
  const translate = useTranslate();
  const sendAt = useSendAtText();
  const sent = (r: CampaignRecord) => translate('app.outreach.campaigns.sent_of', { sent: r.counts.sent, total: r.counts.total });
  return (
    <List
      title="app.menu.campaigns"
      sort={{ field: 'updatedAt', order: 'DESC' }}
      filters={filters}
      exporter={false}
      actions={<CreateListActions />}
      empty={<ListEmpty message="app.outreach.campaigns.empty" hint="app.outreach.campaigns.empty_hint" icon={<CampaignIcon />} />}
    >
      <ResponsiveList
        compact={
          <SimpleList<CampaignRecord>
            rowClick="show"
            primaryText={(r) => r.name}
            secondaryText={(r) => `${translate(`app.outreach.campaigns.status.${r.status}`)} · ${sendAt(r)}`}
            tertiaryText={sent}
          />
        }
      >
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <TextField source="name" />
          <FunctionField<CampaignRecord> source="status" render={(r) => <CampaignStatusChip status={r.status} />} />
          <FunctionField<CampaignRecord> source="sendAt" render={sendAt} />
          <NumberField source="perMinute" sortable={false} />
          <FunctionField<CampaignRecord> label="resources.campaigns.fields.counts" sortable={false} render={sent} />
          <InstantField source="updatedAt" />
        </Datagrid>
      </ResponsiveList>
    </List>
  );
}
