/**
 * Application deadlines: change or delete one (PUT/DELETE /api/admin/deadlines/:id; audited).
 */
import { Box } from '@mui/material';
import { DeleteWithConfirmButton, Edit, SaveButton, Toolbar } from 'react-admin';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { useNotifySaved } from '../api/useNotifySaved';
import { DeadlineForm } from './DeadlineForm';

/** Save and Delete (Delete asks first). */
function DeadlineToolbar() {
  const onError = useNotifyServerError();
  return (
    <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
      <SaveButton />
      <Box sx={{ flex: 1 }} />
      <DeleteWithConfirmButton mutationMode="pessimistic" confirmContent="app.deadlines.delete_content" mutationOptions={{ onError }} />
    </Toolbar>
  );
}

/** Edit view (pessimistic, so server errors show before leaving). */
export default function DeadlineEdit() {
  const onError = useNotifyServerError();
  const onSuccess = useNotifySaved('deadlines', 'edit', 'list');
  return (
    <Edit mutationMode="pessimistic" redirect="list" mutationOptions={{ onError, onSuccess }}>
      <DeadlineForm toolbar={<DeadlineToolbar />} />
    </Edit>
  );
}
