/**
 * Manage Dropdowns: the option lists applicants choose from (label, key, option count, last update).
 * On phones, one compact row a list.
 */
import ListIcon from '@mui/icons-material/List';
import { Datagrid, DateField, EditButton, FunctionField, List, SimpleList, TextField, useTranslate } from 'react-admin';
import { ListEmpty } from '../common/ListEmpty';
import { ResponsiveList } from '../common/ResponsiveList';
import type { DropdownRecord } from './types';

/** List of dropdown lists (they come with the portal: no Create); a row opens the option editor. */
export default function DropdownList() {
  const translate = useTranslate();
  const optionCount = (record: DropdownRecord) => translate('app.dropdowns.option_count', { smart_count: record.options?.length ?? 0 });
  return (
    <List
      title="app.menu.dropdowns"
      sort={{ field: 'label', order: 'ASC' }}
      perPage={25}
      exporter={false}
      empty={<ListEmpty message="app.dropdowns.empty" icon={<ListIcon />} />}
    >
      <ResponsiveList
        compact={
          <SimpleList<DropdownRecord>
            rowClick="edit"
            primaryText={(r) => r.label}
            secondaryText={(r) => r.key}
            tertiaryText={optionCount}
          />
        }
      >
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="label" />
          <TextField source="key" />
          <FunctionField<DropdownRecord>
            source="options"
            label="resources.dropdowns.fields.option_count"
            sortable={false}
            render={optionCount}
          />
          <DateField source="updated_at" showTime />
          <EditButton />
        </Datagrid>
      </ResponsiveList>
    </List>
  );
}
