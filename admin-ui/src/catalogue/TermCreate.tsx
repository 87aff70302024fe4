/**
 * Admissions cycle: add a term (POST /api/admin/terms; audited). A key in use comes back as 409
 * CAT-409-taken, shown in the admin's language. After the save the term's page opens, where its offerings
 * are added.
 */
import { Create } from 'react-admin';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { useNotifySaved } from '../api/useNotifySaved';
import { toTermPayload } from './term';
import { TermForm } from './TermForm';

/** Create view (pessimistic: server errors show on the fields). */
export default function TermCreate() {
  const onError = useNotifyServerError();
  const onSuccess = useNotifySaved('terms', 'create', 'edit');
  return (
    <Create redirect="edit" transform={toTermPayload} mutationOptions={{ onError, onSuccess }}>
      <TermForm />
    </Create>
  );
}
