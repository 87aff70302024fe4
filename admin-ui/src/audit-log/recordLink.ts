/**
 * Where the record an audit-log entry changed can be opened in the console (pure, unit-tested):
 * by resource and recordId, on the resource's show page, else its edit page; nowhere when the
 * entry names no record, the record was deleted by this entry, or the console has no page for
 * the resource. Whether the record still exists is checked by the component (AuditRecordLink).
 */
import type { AuditEntryRecord } from './types';

/** The pages a resource has in the console (react-admin's ResourceDefinition, narrowed). */
export interface ConsolePages {
  hasShow?: boolean;
  hasEdit?: boolean;
}

/** A record page of the console: `/<resource>/<id>/show` or `/<resource>/<id>`. */
export interface RecordLinkTarget {
  resource: string;
  id: string;
  page: 'show' | 'edit';
}

/**
 * The page to open for `entry`'s record, or null. `pages` maps resource names to their pages
 * (react-admin `useResourceDefinitions()`); the show page wins over the edit page.
 */
export function recordLinkTarget(
  entry: Pick<AuditEntryRecord, 'resource' | 'recordId' | 'action'>,
  pages: Record<string, ConsolePages | undefined>,
): RecordLinkTarget | null {
  if (entry.recordId === null || entry.recordId === undefined || entry.recordId === '') return null;
  if (entry.action === 'delete') return null;
  const definition = pages[entry.resource];
  if (definition?.hasShow) return { resource: entry.resource, id: String(entry.recordId), page: 'show' };
  if (definition?.hasEdit) return { resource: entry.resource, id: String(entry.recordId), page: 'edit' };
  return null;
}

/** `text` cut to at most `max` characters (whole text when shorter), with an ellipsis when cut. */
export function shorten(text: string, max = 60): string {
  const chars = [...text];
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}
