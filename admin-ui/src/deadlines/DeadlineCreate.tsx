/**
 * Application deadlines: create one (POST /api/admin/deadlines; audited by the server).
 */
import { Create } from 'react-admin';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { useNotifySaved } from '../api/useNotifySaved';
import { DeadlineForm } from './DeadlineForm';

/** Create view (pessimistic: a taken semester/field pair comes back as 409 DDL-409, shown). */
export default function DeadlineCreate() {
  const onError = useNotifyServerError();
  const onSuccess = useNotifySaved('deadlines', 'create', 'list');
  return (
    <Create redirect="list" mutationOptions={{ onError, onSuccess }}>
      <DeadlineForm />
    </Create>
  );
}
