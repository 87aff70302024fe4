/**
 * Manage Banner, advisory lines: the lines of the applicant home page's banner in their order, with
 * whether each is shown now; create, edit and delete (with confirmation).
 */
import { Chip } from '@mui/material';
import {
  BooleanField,
  CreateButton,
  Datagrid,
  DeleteWithConfirmButton,
  EditButton,
  FunctionField,
  List,
  NumberField,
  TextField,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { InstantField } from '../common/InstantField';
import { isShownNow } from './advisoryLine';
import { BannerTabs } from './BannerTabs';
import type { AdvisoryLineRecord } from './types';

function ListActions() {
  return (
    <TopToolbar>
      <CreateButton />
    </TopToolbar>
  );
}

/** "On the banner" or "Hidden". */
function ShownChip({ record }: { record: AdvisoryLineRecord }) {
  const translate = useTranslate();
  const shown = isShownNow(record);
  return (
    <Chip size="small" color={shown ? 'success' : 'default'} label={translate(shown ? 'app.advisory.shown' : 'app.advisory.hidden')} />
  );
}

/** List of advisory lines by sort order. */
export default function AdvisoryLineList() {
  const translate = useTranslate();
  return (
    <>
      <BannerTabs />
      <List title="app.menu.banner" sort={{ field: 'sortOrder', order: 'ASC' }} exporter={false} actions={<ListActions />}>
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <NumberField source="sortOrder" />
          <TextField source="textEn" sortable={false} />
          <TextField source="textEs" sortable={false} />
          <TextField source="textZhCn" sortable={false} />
          <BooleanField source="active" sortable={false} />
          <InstantField source="showUntil" emptyText={translate('app.advisory.no_end')} />
          <FunctionField<AdvisoryLineRecord> label="app.advisory.status" sortable={false} render={(r) => <ShownChip record={r} />} />
          <EditButton />
          <DeleteWithConfirmButton mutationMode="pessimistic" confirmContent="app.advisory.delete_content" />
        </Datagrid>
      </List>
    </>
  );
}
