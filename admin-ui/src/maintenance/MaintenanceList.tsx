/**
 * Manage Banner: the maintenance windows, each shown in Eastern time (as entered) and in the
 * admin's own zone, with its status and a delete button that asks for confirmation. Tabs on top lead
 * to the other part of Manage Banner, the advisory lines. On phones, one compact row a window
 * (delete from the window's page).
 */
import CampaignIcon from '@mui/icons-material/Campaign';
import { Chip } from '@mui/material';
import {
  BulkDeleteWithConfirmButton,
  Datagrid,
  DeleteWithConfirmButton,
  EditButton,
  FunctionField,
  List,
  SimpleList,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { BannerTabs } from '../advisory/BannerTabs';
import { ListEmpty } from '../common/ListEmpty';
import { ResponsiveList } from '../common/ResponsiveList';
import { boundaryInstant, formatInZone, localZone, windowStatus } from './time';
import type { MaintenanceWindowRecord } from './types';
import { CreateListActions } from '../common/CreateListActions';

const STATUS_COLOR = { upcoming: 'info', active: 'warning', ended: 'default' } as const;

/** A window in the admin's own zone: `(record) => { range, status }`, null when its bounds are unreadable. */
function useLocalWindow() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (record: MaintenanceWindowRecord) => {
    const start = boundaryInstant(record.startsAt, record.startDate, record.startTime);
    const end = boundaryInstant(record.endsAt, record.endDate, record.endTime);
    if (!start || !end) return null;
    const zone = localZone();
    const range = translate('app.maintenance.preview_range', {
      start: formatInZone(start, zone, locale),
      end: formatInZone(end, zone, locale),
    });
    return { range, status: windowStatus(start, end) };
  };
}

/** The window in the admin's own time zone, plus its status chip. */
function LocalWindow({ record }: { record: MaintenanceWindowRecord }) {
  const translate = useTranslate();
  const local = useLocalWindow()(record);
  if (!local) return null;
  return (
    <span>
      {local.range} <Chip size="small" color={STATUS_COLOR[local.status]} label={translate(`app.maintenance.status.${local.status}`)} />
    </span>
  );
}

/** Eastern wall-clock start or end as entered: `2026-05-01 22:00`. */
const eastern = (date: string, time: string) => `${date} ${time.slice(0, 5)}`;

/** List of maintenance windows. */
export default function MaintenanceList() {
  const translate = useTranslate();
  const localWindow = useLocalWindow();
  return (
    <>
      <BannerTabs />
      <List
        title="app.menu.banner"
        sort={{ field: 'startsAt', order: 'DESC' }}
        exporter={false}
        actions={<CreateListActions />}
        empty={<ListEmpty message="app.maintenance.empty" icon={<CampaignIcon />} />}
      >
        <ResponsiveList
          compact={
            <SimpleList<MaintenanceWindowRecord>
              rowClick="edit"
              primaryText={(r) =>
                translate('app.maintenance.eastern_range', { start: eastern(r.startDate, r.startTime), end: eastern(r.endDate, r.endTime) })
              }
              secondaryText={(r) => localWindow(r)?.range ?? ''}
              tertiaryText={(r) => {
                const status = localWindow(r)?.status;
                return status ? translate(`app.maintenance.status.${status}`) : '';
              }}
            />
          }
        >
          <Datagrid rowClick="edit" bulkActionButtons={<BulkDeleteWithConfirmButton mutationMode="pessimistic" />}>
            <FunctionField<MaintenanceWindowRecord>
              source="startDate"
              label="app.maintenance.start_eastern"
              render={(r) => eastern(r.startDate, r.startTime)}
            />
            <FunctionField<MaintenanceWindowRecord>
              source="endDate"
              label="app.maintenance.end_eastern"
              render={(r) => eastern(r.endDate, r.endTime)}
            />
            <FunctionField<MaintenanceWindowRecord>
              source="startsAt"
              label="app.maintenance.window"
              render={(r) => <LocalWindow record={r} />}
            />
            <EditButton />
            <DeleteWithConfirmButton mutationMode="pessimistic" />
          </Datagrid>
        </ResponsiveList>
      </List>
    </>
  );
}
