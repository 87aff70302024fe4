/**
 * Manage Banner: schedule a new maintenance window.
 */
import { Create } from 'react-admin';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { useNotifySaved } from '../api/useNotifySaved';
import { MaintenanceForm, toWindowPayload } from './MaintenanceForm';

/** Create view of a maintenance window (pessimistic: server errors show on the fields). */
export default function MaintenanceCreate() {
  const onError = useNotifyServerError();
  const onSuccess = useNotifySaved('maintenance-windows', 'create', 'list');
  return (
    <Create redirect="list" transform={toWindowPayload} mutationOptions={{ onError, onSuccess }}>
      <MaintenanceForm />
    </Create>
  );
}
