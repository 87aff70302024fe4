/**
 * One account: its names (editable), e-mail, role with the make/remove admin button, and delete
 * with confirmation. The last admin and one's own account are protected by the server (409 USR-409,
 * shown in the admin's language).
 */
import { Box, Stack } from '@mui/material';
import {
  DeleteWithConfirmButton,
  Edit,
  Labeled,
  SaveButton,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
  maxLength,
  required,
  useRecordContext,
} from 'react-admin';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { useNotifySaved } from '../api/useNotifySaved';
import { InstantField } from '../common/InstantField';
import { RoleButton } from './RoleButton';
import { RoleChip } from './RoleChip';
import { RoleSelect } from './RoleSelect';
import type { UserRecord } from './types';
import { toUserNamesPayload } from './user';

const nameValidation = [required(), maxLength(100)];

/** Save plus a delete button that asks for confirmation. */
function UserToolbar() {
  const onError = useNotifyServerError();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteWithConfirmButton mutationMode="pessimistic" confirmContent="app.users.delete_content" mutationOptions={{ onError }} />
    </Toolbar>
  );
}

/** E-mail, role (with its button) and dates, read-only. */
function AccountSummary() {
  const record = useRecordContext<UserRecord>();
  if (!record) return null;
  return (
    <Stack spacing={2} sx={{ mb: 2 }}>
      <Labeled source="email">
        <TextField source="email" />
      </Labeled>
      <Box>
        <Labeled source="role">
          <RoleChip record={record} />
        </Labeled>
        <Box sx={{ mt: 1 }}>
          <RoleButton />
        </Box>
        <Box sx={{ mt: 2 }}>
          <RoleSelect />
        </Box>
      </Box>
      <Labeled source="created_at">
        <InstantField source="created_at" />
      </Labeled>
    </Stack>
  );
}

/** Edit view of an account (pessimistic, so server errors show). */
export default function UserEdit() {
  const onError = useNotifyServerError();
  const onSuccess = useNotifySaved('users', 'edit');
  return (
    <Edit mutationMode="pessimistic" redirect={false} transform={toUserNamesPayload} mutationOptions={{ onError, onSuccess }}>
      <SimpleForm toolbar={<UserToolbar />} warnWhenUnsavedChanges>
        <AccountSummary />
        <TextInput source="first_name" validate={nameValidation} sx={{ width: { xs: '100%', sm: 320 } }} />
        <TextInput source="last_name" validate={nameValidation} sx={{ width: { xs: '100%', sm: 320 } }} />
      </SimpleForm>
    </Edit>
  );
}
