/**
 * "My queue" (issue 15 item 2): the applications assigned to the signed-in reader or admin, with their
 * own review state; a row (or its reference link) opens the application, where the review form is.
 * Files that can be read come first; one that cannot yet says what it waits for (issue 24).
 */
import InboxIcon from '@mui/icons-material/Inbox';
import { Datagrid, DateField, FunctionField, List, SelectInput, SimpleList, TextField, useTranslate } from 'react-admin';
import { ListEmpty } from '../common/ListEmpty';
import { ResponsiveList } from '../common/ResponsiveList';
import { SearchFilter } from '../common/SearchFilter';
import { ReferenceLink } from '../applications/ReferenceLink';
import { StatusChip } from '../applications/StatusChip';
import type { QueueItem } from './types';
import { formatPersonName } from '../../../contract/format/person-name';

/** The queue page. */
export default function QueueList() {
  const translate = useTranslate();
  const name = (r: QueueItem) => formatPersonName(r);
  const reviewState = (r: QueueItem) =>
    r.recommendation ? translate(`app.reviews.recommendations.${r.recommendation}`) : translate('app.queue.to_review');
  /** "Ready to read", or what the file still waits for ("Waiting for: Undergraduate transcript"). */
  const fileState = (r: QueueItem) =>
    r.ready
      ? translate('app.queue.ready')
      : r.waitingFor.length
        ? translate('app.queue.waiting_for', {
            items: r.waitingFor.map((slot) => translate(`app.applications.slot.${slot}`, { _: slot })).join(', '),
          })
        : translate('app.queue.not_submitted');
  const filters = [
    <SearchFilter key="q" source="q" alwaysOn />,
    <SelectInput
      key="reviewed"
      source="reviewed"
      label="app.queue.reviewed_filter"
      choices={[
        { id: 'false', name: translate('app.queue.to_review') },
        { id: 'true', name: translate('app.queue.reviewed') },
      ]}
      alwaysOn
    />,
  ];
  const openApplication = (id: string | number) => `/applications/${encodeURIComponent(String(id))}/show`;
  return (
    <List
      title="app.menu.queue"
      resource="queue"
      filters={filters}
      sort={{ field: 'assignedAt', order: 'ASC' }}
      perPage={25}
      exporter={false}
      empty={<ListEmpty message="app.queue.empty" hint="app.queue.empty_hint" icon={<InboxIcon />} />}
    >
      <ResponsiveList
        breakpoint="md"
        compact={
          <SimpleList<QueueItem>
            linkType={false}
            rowClick={(id) => openApplication(id)}
            primaryText={(r) => `${name(r)} · #${r.referenceNumber}`}
            secondaryText={(r) => `${r.fieldOfInterest} · ${r.semesterApplied}`}
            tertiaryText={(r) => `${fileState(r)} · ${reviewState(r)}`}
          />
        }
      >
        <Datagrid rowClick={(id) => openApplication(id)} bulkActionButtons={false}>
          <FunctionField<QueueItem>
            source="referenceNumber"
            label="resources.applications.fields.referenceNumber"
            render={(r) => <ReferenceLink record={r} />}
          />
          <FunctionField<QueueItem> source="lastName" label="app.applications.name" render={name} />
          <TextField source="fieldOfInterest" label="resources.applications.fields.fieldOfInterest" sortable={false} />
          <TextField source="semesterApplied" label="resources.applications.fields.semesterApplied" sortable={false} />
          <FunctionField<QueueItem>
            source="status"
            label="resources.applications.fields.status"
            render={(r) => <StatusChip status={r.status} />}
          />
          <FunctionField<QueueItem> source="ready" label="app.queue.file" sortable={false} render={fileState} />
          <DateField source="assignedAt" label="app.queue.assigned_at" showTime />
          <FunctionField<QueueItem> source="reviewedAt" label="app.queue.my_review" render={reviewState} />
        </Datagrid>
      </ResponsiveList>
    </List>
  );
}
