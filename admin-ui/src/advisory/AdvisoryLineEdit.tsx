/**
 * Manage Banner: change or delete an advisory line.
 */
import { DeleteWithConfirmButton, Edit, SaveButton, Toolbar } from 'react-admin';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { useNotifySaved } from '../api/useNotifySaved';
import { toAdvisoryLinePayload } from './advisoryLine';
import { AdvisoryLineForm } from './AdvisoryLineForm';

/** Save plus a delete button that asks for confirmation. */
function AdvisoryLineToolbar() {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteWithConfirmButton mutationMode="pessimistic" confirmContent="app.advisory.delete_content" />
    </Toolbar>
  );
}

/** Edit view (pessimistic, so server errors show). */
export default function AdvisoryLineEdit() {
  const onError = useNotifyServerError();
  const onSuccess = useNotifySaved('advisory-lines', 'edit', 'list');
  return (
    <Edit mutationMode="pessimistic" redirect="list" transform={toAdvisoryLinePayload} mutationOptions={{ onError, onSuccess }}>
      <AdvisoryLineForm toolbar={<AdvisoryLineToolbar />} />
    </Edit>
  );
}
