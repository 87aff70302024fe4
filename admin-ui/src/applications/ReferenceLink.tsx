/**
 * The reference number as a link to the application (issue 13, WCAG 2.1.1): list rows also open on a
 * click, but only a link is reachable and operable from the keyboard. Used by Applications and My queue.
 */
import type { MouseEvent } from 'react';
import { Link, useCreatePath } from 'react-admin';

/** Link to `/applications/:id/show` labelled with the reference number. */
export function ReferenceLink({ record }: { record: { id: string | number; referenceNumber: string } }) {
  const createPath = useCreatePath();
  return (
    <Link to={createPath({ resource: 'applications', id: record.id, type: 'show' })} onClick={(e: MouseEvent) => e.stopPropagation()}>
      {record.referenceNumber}
    </Link>
  );
}
