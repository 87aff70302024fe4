/**
 * "Make admin" / "Remove admin" for an account (issue 5 item 6), after a confirmation. The server
 * protects the last admin (409 USR-409, its message in the admin's language is shown in an alert
 * next to the button and as a notification).
 */
import { useState } from 'react';
import { Alert, Box } from '@mui/material';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { Button, Confirm, useGetIdentity, useRecordContext } from 'react-admin';
import type { UserRecord } from './types';
import { useSetRole } from './useSetRole';
import { displayName, roleChangeFor } from './user';

/** The role button of the record in context. */
export function RoleButton() {
  const record = useRecordContext<UserRecord>();
  const { identity } = useGetIdentity();
  const [open, setOpen] = useState(false);
  const { setRole, isPending, failure } = useSetRole(record);
  if (!record) return null;
  const change = roleChangeFor(record, identity?.id);
  const name = displayName(record);

  const apply = () => {
    setOpen(false);
    setRole(change.role, `app.users.${change.action}_done`, { name });
  };

  return (
    <Box sx={{ display: 'inline-flex', flexDirection: 'column', gap: 1 }}>
      <Button
        label={`app.users.${change.action}`}
        color={change.action === 'remove_admin' ? 'warning' : 'primary'}
        onClick={() => setOpen(true)}
        disabled={isPending}
      >
        {change.action === 'remove_admin' ? <PersonRemoveIcon /> : <AdminPanelSettingsIcon />}
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={`app.users.${change.action}_title`}
        content={change.self ? `app.users.${change.action}_self_content` : `app.users.${change.action}_content`}
        translateOptions={{ name }}
        confirm={`app.users.${change.action}`}
        confirmColor={change.action === 'remove_admin' ? 'warning' : 'primary'}
        onConfirm={apply}
        onClose={() => setOpen(false)}
      />
      {failure ? (
        <Alert severity="error" role="alert" data-testid="role-error">
          {failure}
        </Alert>
      ) : null}
    </Box>
  );
}
