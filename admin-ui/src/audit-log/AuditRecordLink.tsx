/**
 * The record an audit-log entry changed, as a link to its page in the console (show, else edit)
 * named by the record's representation (a code, a name, `#reference`…). The record is fetched
 * (react-admin getOne, cached and shared with its page) to check that it still exists; while that
 * runs, or when there is no page, the bare record id is shown; a record gone since is marked so.
 */
import type { MouseEvent } from 'react';
import { Link, useCreatePath, useGetOne, useGetRecordRepresentation, useResourceDefinitions, useTranslate } from 'react-admin';
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
  const { data, isPending, isError } = useGetOne(resource, { id: target?.id ?? '' }, { enabled: target !== null, retry: false });
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
