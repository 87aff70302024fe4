/**
 * Admissions cycle: add a program (POST /api/admin/programs; audited by the server). A name the gender
 * already has comes back as 409 CAT-409-taken, shown in the admin's language.
 */
import { Create } from 'react-admin';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { useNotifySaved } from '../api/useNotifySaved';
import { toProgramPayload } from './program';
import { ProgramForm } from './ProgramForm';

/** Create view (pessimistic: server errors show on the fields). */
export default function ProgramCreate() {
  const onError = useNotifyServerError();
  const onSuccess = useNotifySaved('programs', 'create', 'list');
  return (
    <Create redirect="list" transform={toProgramPayload} mutationOptions={{ onError, onSuccess }}>
      <ProgramForm />
    </Create>
  );
}
