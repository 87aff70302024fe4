/** Segments: change or delete one (PUT / DELETE /api/admin/segments/{id}; audited by the server). */
import { Edit } from 'react-admin';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { toSegmentPayload } from './outreach';
import { SegmentForm } from './SegmentForm';

/** Edit view. */
export default function SegmentEdit() {
  const onError = useNotifyServerError();
  return (
    <Edit mutationMode="pessimistic" redirect={false} transform={toSegmentPayload} mutationOptions={{ onError }}>
      <SegmentForm />
    </Edit>
  );
}
