/**
 * One audit-log entry: who, when, what (action, resource, the record as a link to it while it
 * exists) and the record before and after, side by side with the changed fields highlighted.
 */
import { FunctionField, Show, SimpleShowLayout, TextField, useRecordContext, useTranslate } from 'react-admin';
import { InstantField } from '../common/InstantField';
import { AuditRecordLink } from './AuditRecordLink';
import { DiffTable } from './DiffTable';
import type { AuditEntryRecord } from './types';

/** The comparison of the entry in context. */
function EntryDiff() {
  const record = useRecordContext<AuditEntryRecord>();
  if (!record) return null;
  return <DiffTable before={record.before} after={record.after} />;
}

/** Show view of an entry (read-only: the log cannot be changed). */
export default function AuditLogShow() {
  const translate = useTranslate();
  return (
    <Show actions={false}>
      <SimpleShowLayout>
        <InstantField source="createdAt" />
        <TextField source="actorEmail" emptyText="—" />
        <FunctionField<AuditEntryRecord> source="action" render={(r) => translate(`app.audit_log.action.${r.action}`, { _: r.action })} />
        <FunctionField<AuditEntryRecord>
          source="resource"
          render={(r) => translate(`app.audit_log.resource.${r.resource}`, { _: r.resource })}
        />
        <FunctionField<AuditEntryRecord> source="recordId" render={(r) => <AuditRecordLink record={r} />} />
        <EntryDiff />
      </SimpleShowLayout>
    </Show>
  );
}
