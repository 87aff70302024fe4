/**
 * Manage Dropdowns: the option lists applicants choose from (label, key, option count, missing
 * translations, last update). On phones, one compact row a list.
 */
import ListIcon from '@mui/icons-material/List';
import { Chip } from '@mui/material';
import { Datagrid, DateField, EditButton, FunctionField, List, SimpleList, TextField, useTranslate } from 'react-admin';
import { ListEmpty } from '../common/ListEmpty';
import { ResponsiveList } from '../common/ResponsiveList';
import type { DropdownRecord } from './types';

/** List of dropdown lists (they come with the portal: no Create); a row opens the option editor. */
export default function DropdownList() {
  const translate = useTranslate();
  const optionCount = (record: DropdownRecord) => translate('app.dropdowns.option_count', { smart_count: record.options?.length ?? 0 });
  // a visible marker for a list with labels missing in a language (issue 11 item 3)
  const missing = (record: DropdownRecord) =>
    record.missingTranslations ? (
      <Chip
        data-testid="dropdown-missing"
        color="warning"
        size="small"
        variant="outlined"
        label={translate('app.dropdowns.missing_count', { smart_count: record.missingTranslations })}
      />
    ) : (
      translate('app.dropdowns.all_translated')
    );
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
            tertiaryText={(r) =>
              r.missingTranslations
                ? `${optionCount(r)} · ${translate('app.dropdowns.missing_count', { smart_count: r.missingTranslations })}`
                : optionCount(r)
            }
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
          <FunctionField<DropdownRecord> source="missingTranslations" sortable={false} render={missing} />
          <DateField source="updated_at" showTime />
          <EditButton />
        </Datagrid>
      </ResponsiveList>
    </List>
  );
}
