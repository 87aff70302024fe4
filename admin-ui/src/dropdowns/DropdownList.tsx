/**
 * Manage Dropdowns: the option lists applicants choose from (label, key, option count, last update).
 */
import { Datagrid, DateField, EditButton, FunctionField, List, TextField, useTranslate } from 'react-admin';
import type { DropdownRecord } from './types';

/** List of dropdown lists; a row opens the option editor. */
export default function DropdownList() {
  const translate = useTranslate();
  return (
    <List title="app.menu.dropdowns" sort={{ field: 'label', order: 'ASC' }} perPage={25} exporter={false}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="label" />
        <TextField source="key" />
        <FunctionField<DropdownRecord>
          source="options"
          label="resources.dropdowns.fields.option_count"
          sortable={false}
          render={(record) => translate('app.dropdowns.option_count', { smart_count: record.options?.length ?? 0 })}
        />
        <DateField source="updated_at" showTime />
        <EditButton />
      </Datagrid>
    </List>
  );
}
