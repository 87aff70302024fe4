/**
 * Manage Banner: the maintenance windows, each shown in Eastern time (as entered) and in the
 * admin's own zone, with its status and a delete button that asks for confirmation. Tabs on top lead
 * to the other part of Manage Banner, the advisory lines.
 */
import { Chip } from '@mui/material';
import {
  BulkDeleteWithConfirmButton,
  CreateButton,
  Datagrid,
  DeleteWithConfirmButton,
  EditButton,
  FunctionField,
  List,
  TopToolbar,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { BannerTabs } from '../advisory/BannerTabs';
import { boundaryInstant, formatInZone, localZone, windowStatus } from './time';
import type { MaintenanceWindowRecord } from './types';

const STATUS_COLOR = { upcoming: 'info', active: 'warning', ended: 'default' } as const;

/** The window in the admin's own time zone, plus its status chip. */
function LocalWindow({ record }: { record: MaintenanceWindowRecord }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const start = boundaryInstant(record.startsAt, record.startDate, record.startTime);
  const end = boundaryInstant(record.endsAt, record.endDate, record.endTime);
  if (!start || !end) return null;
  const zone = localZone();
  const status = windowStatus(start, end);
  return (
    <span>
      {translate('app.maintenance.preview_range', {
        start: formatInZone(start, zone, locale),
        end: formatInZone(end, zone, locale),
      })}{' '}
      <Chip size="small" color={STATUS_COLOR[status]} label={translate(`app.maintenance.status.${status}`)} />
    </span>
  );
}

function ListActions() {
  return (
    <TopToolbar>
      <CreateButton />
    </TopToolbar>
  );
}

/** List of maintenance windows. */
export default function MaintenanceList() {
  return (
    <>
      <BannerTabs />
      <List title="app.menu.banner" sort={{ field: 'startsAt', order: 'DESC' }} exporter={false} actions={<ListActions />}>
        <Datagrid rowClick="edit" bulkActionButtons={<BulkDeleteWithConfirmButton mutationMode="pessimistic" />}>
          <FunctionField<MaintenanceWindowRecord>
            source="startDate"
            label="app.maintenance.start_eastern"
            render={(r) => `${r.startDate} ${r.startTime.slice(0, 5)}`}
          />
          <FunctionField<MaintenanceWindowRecord>
            source="endDate"
            label="app.maintenance.end_eastern"
            render={(r) => `${r.endDate} ${r.endTime.slice(0, 5)}`}
          />
          <FunctionField<MaintenanceWindowRecord>
            source="startsAt"
            label="app.maintenance.window"
            render={(r) => <LocalWindow record={r} />}
          />
          <EditButton />
          <DeleteWithConfirmButton mutationMode="pessimistic" />
        </Datagrid>
      </List>
    </>
  );
}
