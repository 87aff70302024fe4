/**
 * Application deadlines (issue 15): semester, field of interest (or "Whole semester") and the deadline
 * in the admin's own time zone, soonest first; a row opens the editor. With none yet, an invitation to
 * create one.
 */
import EventIcon from '@mui/icons-material/Event';
import { CreateButton, Datagrid, EditButton, FunctionField, List, SimpleList, TopToolbar, useLocaleState, useTranslate } from 'react-admin';
import { choiceLabel } from '../applications/options';
import { useRemoteChoices } from '../applications/choices';
import { InstantField } from '../common/InstantField';
import { ListEmpty } from '../common/ListEmpty';
import { formatInstant } from '../common/localDateTime';
import { ResponsiveList } from '../common/ResponsiveList';
import type { DeadlineRecord } from './types';

function ListActions() {
  return (
    <TopToolbar>
      <CreateButton />
    </TopToolbar>
  );
}

/** List of deadlines sorted by deadline. */
export default function DeadlineList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const choices = useRemoteChoices();
  const semester = (r: DeadlineRecord) => choiceLabel(choices.semesters, r.semester);
  const field = (r: DeadlineRecord) =>
    r.fieldOfInterest ? choiceLabel(choices.programs, r.fieldOfInterest) : translate('app.deadlines.whole_semester');
  return (
    <List
      title="app.menu.deadlines"
      sort={{ field: 'deadlineAt', order: 'ASC' }}
      exporter={false}
      actions={<ListActions />}
      empty={<ListEmpty message="app.deadlines.empty" icon={<EventIcon />} />}
    >
      <ResponsiveList
        compact={
          <SimpleList<DeadlineRecord>
            rowClick="edit"
            primaryText={(r) => `${semester(r)} · ${field(r)}`}
            secondaryText={(r) => formatInstant(r.deadlineAt, locale)}
          />
        }
      >
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <FunctionField<DeadlineRecord> source="semester" render={semester} />
          <FunctionField<DeadlineRecord> source="fieldOfInterest" render={field} />
          <InstantField source="deadlineAt" />
          <EditButton />
        </Datagrid>
      </ResponsiveList>
    </List>
  );
}
