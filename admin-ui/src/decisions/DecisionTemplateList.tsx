/** The decision letter templates (decision × language; issue 15 item 3): a list to pick one to edit. */
import { Datagrid, FunctionField, List, TextField, useTranslate } from 'react-admin';
import type { DecisionTemplateRecord } from './types';

/** List page (nine rows, no paging). */
export default function DecisionTemplateList() {
  const translate = useTranslate();
  return (
    <List pagination={false} exporter={false} sort={{ field: 'id', order: 'ASC' }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <FunctionField<DecisionTemplateRecord>
          source="decision"
          label="resources.decision-templates.fields.decision"
          render={(r) => translate(`app.decisions.values.${r.decision}`)}
        />
        <FunctionField<DecisionTemplateRecord>
          source="locale"
          label="resources.decision-templates.fields.locale"
          render={(r) => translate(`app.decisions.locales.${r.locale}`, { _: r.locale })}
        />
        <TextField source="subject" />
      </Datagrid>
    </List>
  );
}
