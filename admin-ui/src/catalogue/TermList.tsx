/**
 * Admissions cycle, terms (issue 25): key, name in the console's language, first day of classes and whether
 * archived, latest first; filters search and archived. On phones, one compact row a term. No delete: a term
 * is archived from its page, where it is also rolled over to the next cycle.
 */
import EventIcon from '@mui/icons-material/Event';
import { Datagrid, EditButton, FunctionField, List, NullableBooleanInput, SimpleList, TextField, useTranslate } from 'react-admin';
import { ListEmpty } from '../common/ListEmpty';
import { ResponsiveList } from '../common/ResponsiveList';
import { SearchFilter } from '../common/SearchFilter';
import { textFor } from './catalogue';
import { CatalogueTabs } from './CatalogueTabs';
import { ArchivedChip } from './FormParts';
import { formatDate } from './term';
import type { TermRecord } from './types';
import { useCatalogueText } from './useCatalogueText';
import { CreateListActions } from '../common/CreateListActions';

const filters = [<SearchFilter key="q" source="q" alwaysOn />, <NullableBooleanInput key="archived" source="archived" alwaysOn />];

/** List of terms, latest first day first. */
export default function TermList() {
  const translate = useTranslate();
  const { locale } = useCatalogueText();
  const label = (r: TermRecord) => textFor(r.labels, locale, r.key);
  return (
    <>
      <CatalogueTabs />
      <List
        title="app.menu.terms"
        sort={{ field: 'startsOn', order: 'DESC' }}
        filters={filters}
        exporter={false}
        actions={<CreateListActions />}
        empty={<ListEmpty message="app.terms.empty" icon={<EventIcon />} />}
      >
        <ResponsiveList
          compact={
            <SimpleList<TermRecord>
              rowClick="edit"
              primaryText={label}
              secondaryText={(r) => `${r.key} · ${formatDate(r.startsOn, locale)}`}
              tertiaryText={(r) => (r.archived ? translate('app.catalogue.archived') : '')}
            />
          }
        >
          <Datagrid rowClick="edit" bulkActionButtons={false}>
            <TextField source="key" />
            <FunctionField<TermRecord> source="label" sortable={false} render={label} />
            <FunctionField<TermRecord> source="startsOn" render={(r) => formatDate(r.startsOn, locale)} />
            <FunctionField<TermRecord> source="archived" sortable={false} render={(r) => <ArchivedChip archived={r.archived} />} />
            <EditButton />
          </Datagrid>
        </ResponsiveList>
      </List>
    </>
  );
}
