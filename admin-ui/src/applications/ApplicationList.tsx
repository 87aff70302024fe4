/**
 * Applications (issue 5 item 5): the list with search (`q`: name, e-mail or reference number),
 * filters (status, program, program group, semester, gender, payment status, created from/to),
 * sorting on every column, a CSV export of the filtered list, a compact list on phones and tablets,
 * and an empty state before the first application.
 */
import AssignmentIcon from '@mui/icons-material/Assignment';
import {
  Datagrid,
  DateField,
  DateInput,
  FilterButton,
  FunctionField,
  List,
  SelectInput,
  SimpleList,
  TextField,
  TopToolbar,
  usePermissions,
  useTranslate,
} from 'react-admin';
import { ListEmpty } from '../common/ListEmpty';
import { ResponsiveList } from '../common/ResponsiveList';
import { SearchFilter } from '../common/SearchFilter';
import { useRemoteChoices, type RemoteChoices } from './choices';
import { choiceLabel } from './options';
import { ExportCsvButton } from './ExportCsvButton';
import { AssignFilteredButton, AssignSelectedButton } from '../reviews/AssignReadersButton';
import { ReferenceLink } from './ReferenceLink';
import { StatusChip } from './StatusChip';
import { BulkReleaseButton } from '../decisions/BulkReleaseButton';
import { APPLICATION_STATUSES, GENDERS, PAYMENT_STATUSES, PROGRAM_GROUPS, type ApplicationRecord } from './types';
import { formatPersonName } from '../../../contract/format/person-name';

/** The filter inputs (search always shown; the others through "Add filter"). */
function useFilters({ programs, semesters }: RemoteChoices) {
  const translate = useTranslate();
  const fixed = (values: readonly string[], label: (v: string) => string) => values.map((v) => ({ id: v, name: label(v) }));
  const t = (key: string, v: string) => translate(key, { _: v });
  return [
    <SearchFilter key="q" source="q" alwaysOn placeholder={translate('app.applications.search')} />,
    <SelectInput key="status" source="status" choices={fixed(APPLICATION_STATUSES, (v) => t(`app.dashboard.status.${v}`, v))} />,
    <SelectInput key="fieldOfInterest" source="fieldOfInterest" choices={programs} />,
    <SelectInput key="program" source="program" choices={fixed(PROGRAM_GROUPS, (v) => t(`app.dashboard.group.${v}`, v))} />,
    <SelectInput key="semester" source="semester" label="resources.applications.fields.semesterApplied" choices={semesters} />,
    <SelectInput key="gender" source="gender" choices={fixed(GENDERS, (v) => t(`app.applications.gender.${v}`, v))} />,
    <SelectInput
      key="Payment_Status"
      source="Payment_Status"
      choices={fixed(PAYMENT_STATUSES, (v) => t(`app.applications.payment_status.${v}`, v))}
    />,
    <DateInput key="createdFrom" source="createdFrom" label="app.applications.created_from" />,
    <DateInput key="createdTo" source="createdTo" label="app.applications.created_to" />,
  ];
}

function ListActions() {
  const { permissions } = usePermissions<string>();
  return (
    <TopToolbar>
      <FilterButton />
      {permissions === 'admin' ? (
        <>
          <AssignFilteredButton />
          <ExportCsvButton />
        </>
      ) : null}
    </TopToolbar>
  );
}

/** The list page. */
export default function ApplicationList() {
  const translate = useTranslate();
  const choices = useRemoteChoices();
  const { programs, semesters } = choices;
  const filters = useFilters(choices);
  const name = (r: ApplicationRecord) => formatPersonName(r);
  return (
    <List
      title="app.menu.applications"
      filters={filters}
      actions={<ListActions />}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      exporter={false}
      empty={<ListEmpty message="app.applications.empty" hint="app.applications.empty_hint" icon={<AssignmentIcon />} />}
    >
      {/* Eight columns (gender and step reached are filters, and on the application page), so the table
          fits 1,280 px in every language; the compact list already below `md` (tablets in portrait). */}
      <ResponsiveList
        breakpoint="md"
        compact={
          <SimpleList<ApplicationRecord>
            rowClick="show"
            primaryText={(r) => `${name(r)} · #${r.referenceNumber}`}
            secondaryText={(r) => `${choiceLabel(programs, r.fieldOfInterest)} · ${choiceLabel(semesters, r.semesterApplied)}`}
            tertiaryText={(r) => translate(`app.dashboard.status.${r.status}`, { _: r.status })}
          />
        }
      >
        <Datagrid
          rowClick="show"
          bulkActionButtons={
            <>
              <AssignSelectedButton />
              <BulkReleaseButton />
            </>
          }
        >
          <FunctionField<ApplicationRecord> source="referenceNumber" render={(r) => <ReferenceLink record={r} />} />
          <FunctionField<ApplicationRecord> source="lastName" label="app.applications.name" render={name} />
          <TextField source="email" />
          <FunctionField<ApplicationRecord> source="fieldOfInterest" render={(r) => choiceLabel(programs, r.fieldOfInterest)} />
          <FunctionField<ApplicationRecord> source="semesterApplied" render={(r) => choiceLabel(semesters, r.semesterApplied)} />
          <FunctionField<ApplicationRecord> source="status" render={(r) => <StatusChip status={r.status} />} />
          <FunctionField<ApplicationRecord>
            source="Payment_Status"
            render={(r) => translate(`app.applications.payment_status.${r.Payment_Status}`, { _: r.Payment_Status })}
          />
          <DateField source="createdAt" showTime />
        </Datagrid>
      </ResponsiveList>
    </List>
  );
}
