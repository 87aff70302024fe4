/**
 * Manage Banner: change or delete a maintenance window.
 */
import { DeleteWithConfirmButton, Edit, SaveButton, Toolbar } from 'react-admin';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { useNotifySaved } from '../api/useNotifySaved';
import { MaintenanceForm, toWindowPayload } from './MaintenanceForm';

/** Save plus a delete button that asks for confirmation. */
function MaintenanceToolbar() {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteWithConfirmButton mutationMode="pessimistic" />
    </Toolbar>
  );
}

/** Edit view of a maintenance window (pessimistic, so server errors show). */
export default function MaintenanceEdit() {
  const onError = useNotifyServerError();
  const onSuccess = useNotifySaved('maintenance-windows', 'edit', 'list');
  return (
    <Edit mutationMode="pessimistic" redirect="list" transform={toWindowPayload} mutationOptions={{ onError, onSuccess }}>
      <MaintenanceForm toolbar={<MaintenanceToolbar />} />
    </Edit>
  );
}
