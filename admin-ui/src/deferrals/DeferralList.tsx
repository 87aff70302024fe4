/**
 * The deferral queue (issue 29 item 3): admitted applicants who asked to start in a later semester, pending
 * first (the status filter: pending by default, approved, denied), oldest request first. Each pending row
 * has Approve and Deny, which open {@link DeferralDialog}; the reference opens the application. A status
 * with no request says so inside the list (the filter stays).
 */
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  SelectInput,
  SimpleList,
  TextField,
  useListContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { ReferenceLink } from '../applications/ReferenceLink';
import { ListEmpty } from '../common/ListEmpty';
import { ResponsiveList } from '../common/ResponsiveList';
import { DeferralDialog } from './DeferralDialog';
import { DEFERRAL_STATUSES, type DeferralAnswer, type DeferralRecord } from './deferrals';

/** The Approve / Deny buttons of a pending row (nothing on an answered one). */
function AnswerButtons({
  record,
  onAnswer,
}: {
  record: DeferralRecord;
  onAnswer: (record: DeferralRecord, answer: DeferralAnswer) => void;
}) {
  const translate = useTranslate();
  if (record.status !== 'pending') return null;
  return (
    <Stack direction="row" spacing={1} onClick={(e) => e.stopPropagation()}>
      <Button size="small" variant="outlined" onClick={() => onAnswer(record, 'approve')}>
        {translate('app.deferrals.approve.button')}
      </Button>
      <Button size="small" variant="outlined" color="error" onClick={() => onAnswer(record, 'deny')}>
        {translate('app.deferrals.deny.button')}
      </Button>
    </Stack>
  );
}

/** The rows (inside the List, to read the current filter). */
function DeferralRows() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const { filterValues } = useListContext<DeferralRecord>();
  const [open, setOpen] = useState<{ record: DeferralRecord; answer: DeferralAnswer } | null>(null);
  const onAnswer = (record: DeferralRecord, answer: DeferralAnswer) => setOpen({ record, answer });
  const answered = (filterValues as { status?: string }).status !== undefined && (filterValues as { status?: string }).status !== 'pending';
  // inside the list, so the status filter stays reachable when a status has no request
  const empty = (
    <ListEmpty message={`app.deferrals.empty.${(filterValues as { status?: string }).status ?? 'pending'}`} icon={<EventRepeatIcon />} />
  );
  const terms = (r: DeferralRecord) => translate('app.deferrals.from_to', { from: r.fromTermLabel, to: r.toTermLabel });
  return (
    <>
      <ResponsiveList
        breakpoint="md"
        compact={
          <SimpleList<DeferralRecord>
            linkType={false}
            empty={empty}
            primaryText={(r) => `${r.name} · #${r.referenceNumber}`}
            secondaryText={(r) => `${r.program} · ${terms(r)}`}
            tertiaryText={(r) => <AnswerButtons record={r} onAnswer={onAnswer} />}
          />
        }
      >
        <Datagrid bulkActionButtons={false} rowClick={false} empty={empty}>
          <FunctionField<DeferralRecord>
            source="referenceNumber"
            label="resources.applications.fields.referenceNumber"
            render={(r) => <ReferenceLink record={r} />}
          />
          <TextField source="name" label="app.applications.name" sortable={false} />
          <TextField source="program" label="app.deferrals.program" sortable={false} />
          <TextField source="fromTermLabel" label="app.deferrals.from" sortable={false} />
          <TextField source="toTermLabel" label="app.deferrals.to" sortable={false} />
          <TextField source="note" label="app.deferrals.note" sortable={false} />
          <DateField source="requestedAt" label="app.deferrals.requested_at" showTime />
          <FunctionField<DeferralRecord>
            source="status"
            label="app.deferrals.status"
            sortable={false}
            render={(r) => translate(`app.deferrals.statuses.${r.status}`)}
          />
          {answered && <TextField source="decisionNote" label="app.deferrals.decision_note" sortable={false} />}
          <FunctionField<DeferralRecord> label="app.deferrals.actions" render={(r) => <AnswerButtons record={r} onAnswer={onAnswer} />} />
        </Datagrid>
      </ResponsiveList>
      {open && <DeferralDialog record={open.record} answer={open.answer} onClose={() => setOpen(null)} onDone={refresh} />}
    </>
  );
}

/** The page. */
export default function DeferralList() {
  const translate = useTranslate();
  const filters = [
    <SelectInput
      key="status"
      source="status"
      label="app.deferrals.status"
      choices={DEFERRAL_STATUSES.map((s) => ({ id: s, name: translate(`app.deferrals.statuses.${s}`) }))}
      alwaysOn
    />,
  ];
  return (
    <List
      title="app.menu.deferrals"
      resource="deferrals"
      filters={filters}
      filterDefaultValues={{ status: 'pending' }}
      sort={{ field: 'requestedAt', order: 'ASC' }}
      perPage={25}
      exporter={false}
      empty={false}
    >
      <DeferralRows />
    </List>
  );
}
