/**
 * An account's role as a chip (admins stand out).
 */
import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { UserRecord } from './types';

/** Chip with the translated role name. */
export function RoleChip({ record }: { record: Pick<UserRecord, 'role'> }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={record.role === 'admin' ? 'secondary' : 'default'}
      label={translate(`app.users.role.${record.role}`)}
      data-testid="user-role"
    />
  );
}
