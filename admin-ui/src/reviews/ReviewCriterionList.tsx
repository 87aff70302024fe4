/**
 * Review criteria (issue 15 item 2): the list readers rate, in display order; admins add, rename,
 * reorder and archive criteria here.
 */
import RuleIcon from '@mui/icons-material/Rule';
import { BooleanField, CreateButton, Datagrid, List, NumberField, SimpleList, TextField, TopToolbar, useLocaleState } from 'react-admin';
import { ListEmpty } from '../common/ListEmpty';
import { ResponsiveList } from '../common/ResponsiveList';
import { criterionLabel } from './review';
import type { ReviewCriterion } from './types';

/** The list page. */
export default function ReviewCriterionList() {
  const [locale] = useLocaleState();
  return (
    <List
      title="app.menu.review_criteria"
      actions={
        <TopToolbar>
          <CreateButton />
        </TopToolbar>
      }
      pagination={false}
      exporter={false}
      empty={<ListEmpty message="app.reviews.criteria_empty" icon={<RuleIcon />} />}
    >
      <ResponsiveList
        compact={
          <SimpleList<ReviewCriterion>
            linkType="edit"
            primaryText={(r) => criterionLabel(r, locale)}
            secondaryText={(r) => `${r.labelEn} · ${r.labelEs} · ${r.labelZhCn}`}
          />
        }
      >
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <NumberField source="position" sortable={false} />
          <TextField source="labelEn" sortable={false} />
          <TextField source="labelEs" sortable={false} />
          <TextField source="labelZhCn" sortable={false} />
          <BooleanField source="active" sortable={false} />
        </Datagrid>
      </ResponsiveList>
    </List>
  );
}
