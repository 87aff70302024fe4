/** Segments: create one (POST /api/admin/segments; audited by the server). */
import { Create } from 'react-admin';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { toSegmentPayload } from './outreach';
import { SegmentForm } from './SegmentForm';

/** Create view (pessimistic: a refused filter comes back as field errors). */
export default function SegmentCreate() {
  const onError = useNotifyServerError();
  return (
    <Create redirect="edit" transform={toSegmentPayload} mutationOptions={{ onError }}>
      <SegmentForm />
    </Create>
  );
}
