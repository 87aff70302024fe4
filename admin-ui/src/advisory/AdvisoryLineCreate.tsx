/**
 * Manage Banner: add an advisory line to the applicant home page.
 */
import { Create } from 'react-admin';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { toAdvisoryLinePayload } from './advisoryLine';
import { AdvisoryLineForm } from './AdvisoryLineForm';

/** Create view (pessimistic: server errors show on the fields). */
export default function AdvisoryLineCreate() {
  const onError = useNotifyServerError();
  return (
    <Create redirect="list" transform={toAdvisoryLinePayload} mutationOptions={{ onError }}>
      <AdvisoryLineForm />
    </Create>
  );
}
