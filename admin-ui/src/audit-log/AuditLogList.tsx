/**
 * Audit log (issue 5 item 6): every admin change, newest first: when (the admin's time zone), who,
 * the action, the resource, the record (a link to it while it exists) and the changed fields.
 * Filters resource, action, actor (e-mail part or user id) and a date range. A row opens the
 * before/after comparison. On phones the list is one compact row an entry.
 */
import {
  Datagrid,
  DateInput,
  FunctionField,
  List,
  SelectInput,
  ShowButton,
  SimpleList,
  TextField,
  TextInput,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import HistoryIcon from '@mui/icons-material/History';
import { InstantField } from '../common/InstantField';
import { ListEmpty } from '../common/ListEmpty';
import { formatInstant } from '../common/localDateTime';
import { ResponsiveList } from '../common/ResponsiveList';
import { SearchFilter } from '../common/SearchFilter';
import { AuditRecordLink } from './AuditRecordLink';
import { changedPaths, diffRecords } from './diff';
import { AUDIT_ACTIONS, AUDIT_RESOURCES, type AuditEntryRecord } from './types';

const RESOURCE_CHOICES = AUDIT_RESOURCES.map((r) => ({ id: r, name: `app.audit_log.resource.${r}` }));
const ACTION_CHOICES = AUDIT_ACTIONS.map((a) => ({ id: a, name: `app.audit_log.action.${a}` }));

const filters = [
  <SearchFilter key="q" source="q" alwaysOn />,
  <SelectInput key="resource" source="resource" choices={RESOURCE_CHOICES} alwaysOn />,
  <SelectInput key="action" source="action" choices={ACTION_CHOICES} />,
  <TextInput key="actor" source="actor" helperText="app.audit_log.actor_help" />,
  <DateInput key="createdFrom" source="createdFrom" />,
  <DateInput key="createdTo" source="createdTo" />,
];

/** At most this many changed paths are listed in a row; the Show view has them all. */
const SUMMARY_PATHS = 4;

/** The changed fields of an entry, in one short line. */
export function ChangeSummary({ record }: { record: AuditEntryRecord }) {
  const translate = useTranslate();
  if (record.action === 'create') return <span>{translate('app.audit_log.summary.created')}</span>;
  if (record.action === 'delete') return <span>{translate('app.audit_log.summary.deleted')}</span>;
  const paths = changedPaths(diffRecords(record.before, record.after));
  if (paths.length === 0) return <span>—</span>;
  const shown = paths.slice(0, SUMMARY_PATHS).join(', ');
  return (
    <span>
      {paths.length > SUMMARY_PATHS
        ? translate('app.audit_log.summary.more', { fields: shown, smart_count: paths.length - SUMMARY_PATHS })
        : shown}
    </span>
  );
}

/** The audit log, newest first. */
export default function AuditLogList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const action = (r: AuditEntryRecord) => translate(`app.audit_log.action.${r.action}`, { _: r.action });
  const resource = (r: AuditEntryRecord) => translate(`app.audit_log.resource.${r.resource}`, { _: r.resource });
  return (
    <List
      title="app.menu.audit_log"
      sort={{ field: 'id', order: 'DESC' }}
      filters={filters}
      exporter={false}
      empty={<ListEmpty message="app.audit_log.empty" hint="app.audit_log.empty_hint" icon={<HistoryIcon />} />}
    >
      <ResponsiveList
        compact={
          <SimpleList<AuditEntryRecord>
            rowClick="show"
            primaryText={(r) => `${action(r)} · ${resource(r)}`}
            secondaryText={(r) => (
              <>
                {formatInstant(r.createdAt, locale)}
                <br />
                {r.actorEmail ?? '—'} · <ChangeSummary record={r} />
              </>
            )}
          />
        }
      >
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <InstantField source="createdAt" />
          <TextField source="actorEmail" emptyText="—" />
          <FunctionField<AuditEntryRecord> source="action" render={action} />
          <FunctionField<AuditEntryRecord> source="resource" render={resource} />
          <FunctionField<AuditEntryRecord> source="recordId" sortable={false} render={(r) => <AuditRecordLink record={r} />} />
          <FunctionField<AuditEntryRecord>
            label="resources.audit-log.fields.changes"
            sortable={false}
            render={(r) => <ChangeSummary record={r} />}
          />
          <ShowButton />
        </Datagrid>
      </ResponsiveList>
    </List>
  );
}
