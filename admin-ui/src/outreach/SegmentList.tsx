/**
 * Segments (issue 30 item 1): saved filters over applications, by name, with when they last changed; a row
 * opens the editor with the live count and sample. On phones, one compact row a segment.
 */
import FilterAltIcon from '@mui/icons-material/FilterAlt';
import { Datagrid, List, SimpleList, TextField, useLocaleState } from 'react-admin';
import { CreateListActions } from '../common/CreateListActions';
import { InstantField } from '../common/InstantField';
import { ListEmpty } from '../common/ListEmpty';
import { formatInstant } from '../common/localDateTime';
import { ResponsiveList } from '../common/ResponsiveList';
import { SearchFilter } from '../common/SearchFilter';
import type { SegmentRecord } from './outreach';

const filters = [<SearchFilter key="q" source="q" alwaysOn />];

/** The list, last changed first. */
export default function SegmentList() {
  const [locale] = useLocaleState();
  return (
    <List
      title="app.menu.segments"
      sort={{ field: 'updatedAt', order: 'DESC' }}
      filters={filters}
      exporter={false}
      actions={<CreateListActions />}
      empty={<ListEmpty message="app.outreach.segments.empty" icon={<FilterAltIcon />} />}
    >
      <ResponsiveList
        compact={
          <SimpleList<SegmentRecord>
            rowClick="edit"
            primaryText={(r) => r.name}
            secondaryText={(r) => formatInstant(r.updatedAt, locale)}
          />
        }
      >
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="name" />
          <InstantField source="updatedAt" />
          <InstantField source="createdAt" />
        </Datagrid>
      </ResponsiveList>
    </List>
  );
}
