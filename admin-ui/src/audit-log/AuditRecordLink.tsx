/**
 * The record an audit-log entry changed, as a link to its page in the console (show, else edit)
 * named by the record's representation (a code, a name, `#reference`…). The record is fetched to
 * check that it still exists with react-admin's useGetManyAggregate: the rows of one page ask for
 * their records in the same tick, so each resource costs one getMany (`filter={"id":[…]}`), not one
 * request per row. While that runs, or when there is no page, the bare record id is shown; a record
 * gone since is marked so.
 */
import type { MouseEvent } from 'react';
import { Link, useCreatePath, useGetManyAggregate, useGetRecordRepresentation, useResourceDefinitions, useTranslate } from 'react-admin';
import { recordLinkTarget, shorten } from './recordLink';
import type { AuditEntryRecord } from './types';

/** Keeps a click on the link from also triggering the Datagrid row's own click. */
const stopRowClick = (event: MouseEvent) => event.stopPropagation();

/** Link to the entry's record, or its id as text (see the module comment). */
export function AuditRecordLink({ record }: { record: AuditEntryRecord }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const target = recordLinkTarget(record, useResourceDefinitions());
  const resource = target?.resource ?? record.resource;
  const represent = useGetRecordRepresentation(resource);
  const {
    data: found,
    isPending,
    isError,
  } = useGetManyAggregate(resource, { ids: target ? [target.id] : [] }, { enabled: target !== null, retry: false });
  const data = found?.[0];
  if (!record.recordId) return <span>—</span>;
  if (!target || (isPending && !isError)) return <span>{record.recordId}</span>;
  if (isError || !data) {
    return (
      <span data-testid="audit-record-gone">
        {record.recordId} ({translate('app.audit_log.record_gone')})
      </span>
    );
  }
  const text = represent(data);
  const name = (typeof text === 'string' || typeof text === 'number' ? shorten(String(text).trim()) : '') || record.recordId;
  return (
    <Link to={createPath({ resource, id: target.id, type: target.page })} onClick={stopRowClick} data-testid="audit-record-link">
      {name}
    </Link>
  );
}
