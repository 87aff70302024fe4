/**
 * Users (issue 5 item 6): name, e-mail, role and creation date; filters q (name or e-mail) and role.
 * A row opens the account, where its role is changed. On phones, one compact row an account.
 */
import PeopleIcon from '@mui/icons-material/People';
import { Datagrid, EditButton, FunctionField, List, SelectInput, SimpleList, TextField, useTranslate } from 'react-admin';
import { RoleChip } from './RoleChip';
import { InstantField } from '../common/InstantField';
import { ListEmpty } from '../common/ListEmpty';
import { ResponsiveList } from '../common/ResponsiveList';
import { SearchFilter } from '../common/SearchFilter';
import { USER_ROLES, type UserRecord } from './types';
import { displayName } from './user';

const ROLE_CHOICES = USER_ROLES.map((role) => ({ id: role, name: `app.users.role.${role}` }));

const filters = [<SearchFilter key="q" source="q" alwaysOn />, <SelectInput key="role" source="role" choices={ROLE_CHOICES} />];

/** List of accounts, newest first (accounts are made by registering, so there is no Create). */
export default function UserList() {
  const translate = useTranslate();
  return (
    <List
      title="app.menu.users"
      sort={{ field: 'created_at', order: 'DESC' }}
      filters={filters}
      exporter={false}
      empty={<ListEmpty message="app.users.empty" hint="app.users.empty_hint" icon={<PeopleIcon />} />}
    >
      <ResponsiveList
        compact={
          <SimpleList<UserRecord>
            rowClick="edit"
            primaryText={(r) => displayName(r)}
            secondaryText={(r) => r.email}
            tertiaryText={(r) => translate(`app.users.role.${r.role}`)}
          />
        }
      >
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <FunctionField<UserRecord> source="first_name" label="resources.users.fields.name" render={(r) => displayName(r)} />
          <TextField source="email" />
          <FunctionField<UserRecord> source="role" render={(r) => <RoleChip record={r} />} />
          <InstantField source="created_at" />
          <EditButton />
        </Datagrid>
      </ResponsiveList>
    </List>
  );
}
