/**
 * Manage Banner: schedule a new maintenance window.
 */
import { Create } from 'react-admin';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { MaintenanceForm, toWindowPayload } from './MaintenanceForm';

/** Create view of a maintenance window (pessimistic: server errors show on the fields). */
export default function MaintenanceCreate() {
  const onError = useNotifyServerError();
  return (
    <Create redirect="list" transform={toWindowPayload} mutationOptions={{ onError }}>
      <MaintenanceForm />
    </Create>
  );
}
