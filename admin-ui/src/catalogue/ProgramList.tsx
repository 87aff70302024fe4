/**
 * Admissions cycle, programs (fields of interest; issue 25): order, stored name, name in the console's
 * language, gender, group, semesters, college and whether archived; filters search, gender, group and
 * archived. On phones, one compact row a program. No delete: a program is archived from its page.
 */
import SchoolIcon from '@mui/icons-material/School';
import {
  Datagrid,
  EditButton,
  FunctionField,
  List,
  NullableBooleanInput,
  NumberField,
  SelectInput,
  SimpleList,
  TextField,
  useTranslate,
} from 'react-admin';
import { ListEmpty } from '../common/ListEmpty';
import { ResponsiveList } from '../common/ResponsiveList';
import { SearchFilter } from '../common/SearchFilter';
import { textFor } from './catalogue';
import { CatalogueTabs } from './CatalogueTabs';
import { ArchivedChip } from './FormParts';
import type { ProgramRecord } from './types';
import { GENDER_CHOICES, GROUP_CHOICES, useCatalogueText } from './useCatalogueText';
import { CreateListActions } from '../common/CreateListActions';

const filters = [
  <SearchFilter key="q" source="q" alwaysOn />,
  <SelectInput key="gender" source="gender" choices={GENDER_CHOICES} alwaysOn />,
  <SelectInput key="program" source="program" choices={GROUP_CHOICES} />,
  <NullableBooleanInput key="archived" source="archived" />,
];

/** List of programs in their order. */
export default function ProgramList() {
  const translate = useTranslate();
  const text = useCatalogueText();
  const label = (r: ProgramRecord) => textFor(r.labels, text.locale, r.name);
  return (
    <>
      <CatalogueTabs />
      <List
        title="app.menu.programs"
        sort={{ field: 'sortOrder', order: 'ASC' }}
        filters={filters}
        exporter={false}
        actions={<CreateListActions withFilterButton />}
        empty={<ListEmpty message="app.programs.empty" icon={<SchoolIcon />} />}
      >
        <ResponsiveList
          compact={
            <SimpleList<ProgramRecord>
              rowClick="edit"
              primaryText={label}
              secondaryText={(r) => [text.gender(r.gender), r.name, text.group(r.program)].join(' · ')}
              tertiaryText={(r) => (r.archived ? translate('app.catalogue.archived') : '')}
            />
          }
        >
          <Datagrid rowClick="edit" bulkActionButtons={false}>
            <NumberField source="sortOrder" />
            <TextField source="name" />
            <FunctionField<ProgramRecord> source="label" sortable={false} render={label} />
            <FunctionField<ProgramRecord> source="gender" render={(r) => text.gender(r.gender)} />
            <FunctionField<ProgramRecord> source="program" render={(r) => text.group(r.program)} />
            <NumberField source="semesters" sortable={false} />
            <TextField source="college" sortable={false} />
            <FunctionField<ProgramRecord> source="archived" sortable={false} render={(r) => <ArchivedChip archived={r.archived} />} />
            <EditButton />
          </Datagrid>
        </ResponsiveList>
      </List>
    </>
  );
}
