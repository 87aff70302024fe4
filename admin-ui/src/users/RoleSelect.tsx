/**
 * The role of an account as a select (issue 15: applicant, reader, administrator), applied after a
 * confirmation. The server keeps the last admin (409 USR-409, its message shown in an alert).
 */
import { useState } from 'react';
import { Alert, Box, MenuItem, TextField } from '@mui/material';
import { Confirm, useRecordContext, useTranslate } from 'react-admin';
import { USER_ROLES, type UserRecord, type UserRole } from './types';
import { useSetRole } from './useSetRole';
import { displayName } from './user';

/** The role select of the record in context. */
export function RoleSelect() {
  const record = useRecordContext<UserRecord>();
  const translate = useTranslate();
  const [pending, setPending] = useState<UserRole | null>(null);
  const { setRole, isPending, failure } = useSetRole(record);
  if (!record) return null;
  const name = displayName(record);

  const apply = () => {
    const role = pending;
    setPending(null);
    if (role) setRole(role, 'app.users.role_done', { name, role: translate(`app.users.role.${role}`) });
  };

  return (
    <Box sx={{ display: 'inline-flex', flexDirection: 'column', gap: 1 }}>
      <TextField
        select
        size="small"
        label={translate('app.users.role_select')}
        value={record.role}
        onChange={(e) => {
          if (e.target.value !== record.role) setPending(e.target.value as UserRole);
        }}
        disabled={isPending}
        sx={{ minWidth: 220 }}
        data-testid="role-select"
      >
        {USER_ROLES.map((r) => (
          <MenuItem key={r} value={r}>
            {translate(`app.users.role.${r}`)}
          </MenuItem>
        ))}
      </TextField>
      <Confirm
        isOpen={pending !== null}
        loading={isPending}
        title="app.users.role_title"
        content="app.users.role_content"
        translateOptions={{ name, role: pending ? translate(`app.users.role.${pending}`) : '' }}
        onConfirm={apply}
        onClose={() => setPending(null)}
      />
      {failure ? (
        <Alert severity="error" role="alert" data-testid="role-select-error">
          {failure}
        </Alert>
      ) : null}
    </Box>
  );
}
