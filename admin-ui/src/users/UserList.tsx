/**
 * Users (issue 5 item 6): name, e-mail, role and creation date; filters q (name or e-mail) and role.
 * A row opens the account, where its role is changed.
 */
import { Datagrid, EditButton, FunctionField, List, SelectInput, TextField } from 'react-admin';
import { RoleChip } from './RoleChip';
import { InstantField } from '../common/InstantField';
import { SearchFilter } from '../common/SearchFilter';
import { USER_ROLES, type UserRecord } from './types';
import { displayName } from './user';

const ROLE_CHOICES = USER_ROLES.map((role) => ({ id: role, name: `app.users.role.${role}` }));

const filters = [<SearchFilter key="q" source="q" alwaysOn />, <SelectInput key="role" source="role" choices={ROLE_CHOICES} />];

/** List of accounts, newest first. */
export default function UserList() {
  return (
    <List title="app.menu.users" sort={{ field: 'created_at', order: 'DESC' }} filters={filters} exporter={false}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <FunctionField<UserRecord> source="first_name" label="resources.users.fields.name" render={(r) => displayName(r)} />
        <TextField source="email" />
        <FunctionField<UserRecord> source="role" render={(r) => <RoleChip record={r} />} />
        <InstantField source="created_at" />
        <EditButton />
      </Datagrid>
    </List>
  );
}
