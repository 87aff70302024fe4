/**
 * Manage Banner: add an advisory line to the applicant home page.
 */
import { Create } from 'react-admin';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { useNotifySaved } from '../api/useNotifySaved';
import { toAdvisoryLinePayload } from './advisoryLine';
import { AdvisoryLineForm } from './AdvisoryLineForm';

/** Create view (pessimistic: server errors show on the fields). */
export default function AdvisoryLineCreate() {
  const onError = useNotifyServerError();
  const onSuccess = useNotifySaved('advisory-lines', 'create', 'list');
  return (
    <Create redirect="list" transform={toAdvisoryLinePayload} mutationOptions={{ onError, onSuccess }}>
      <AdvisoryLineForm />
    </Create>
  );
}
