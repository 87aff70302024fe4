/**
 * Manage Banner, advisory lines: the lines of the applicant home page's banner in their order, with
 * whether each is shown now; create, edit and delete (with confirmation). On phones, one compact
 * row a line (in the console's language; delete from the line's page).
 */
import AnnouncementIcon from '@mui/icons-material/Announcement';
import { Chip } from '@mui/material';
import {
  BooleanField,
  Datagrid,
  DeleteWithConfirmButton,
  EditButton,
  FunctionField,
  List,
  NumberField,
  SimpleList,
  TextField,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { InstantField } from '../common/InstantField';
import { ListEmpty } from '../common/ListEmpty';
import { ResponsiveList } from '../common/ResponsiveList';
import { isShownNow, lineTextFor } from './advisoryLine';
import { BannerTabs } from './BannerTabs';
import type { AdvisoryLineRecord } from './types';
import { CreateListActions } from '../common/CreateListActions';

/** "Shown" or "Hidden" (message key): whether the line is on the banner now. */
const shownKey = (record: AdvisoryLineRecord) => (isShownNow(record) ? 'app.advisory.shown' : 'app.advisory.hidden');

/** "On the banner" or "Hidden". */
function ShownChip({ record }: { record: AdvisoryLineRecord }) {
  const translate = useTranslate();
  return <Chip size="small" color={isShownNow(record) ? 'success' : 'default'} label={translate(shownKey(record))} />;
}

/** List of advisory lines by sort order. */
export default function AdvisoryLineList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <>
      <BannerTabs />
      <List
        title="app.menu.banner"
        sort={{ field: 'sortOrder', order: 'ASC' }}
        exporter={false}
        actions={<CreateListActions />}
        empty={<ListEmpty message="app.advisory.empty" icon={<AnnouncementIcon />} />}
      >
        <ResponsiveList
          compact={
            <SimpleList<AdvisoryLineRecord>
              rowClick="edit"
              primaryText={(r) => lineTextFor(r, locale)}
              secondaryText={(r) => `${translate('resources.advisory-lines.fields.sortOrder')} ${r.sortOrder}`}
              tertiaryText={(r) => translate(shownKey(r))}
            />
          }
        >
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
        </ResponsiveList>
      </List>
    </>
  );
}
