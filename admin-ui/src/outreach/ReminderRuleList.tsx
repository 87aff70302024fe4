/**
 * The automatic reminders (issue 30 item 3): the five rules, in the order of an application's life, each with
 * what it does, whether it is on, its N days, its template and its weekly cap; a row opens its settings. Sent
 * only between 9:00 and 19:00 in each applicant's own time zone, once per stage. On phones, one compact row a rule.
 */
import { Alert } from '@mui/material';
import { BooleanField, Datagrid, FunctionField, List, NumberField, ReferenceField, SimpleList, useTranslate } from 'react-admin';
import { InstantField } from '../common/InstantField';
import { ResponsiveList } from '../common/ResponsiveList';
import type { ReminderRuleRecord } from './campaigns';

/** The list (no create or delete: the five rules are fixed). */
export default function ReminderRuleList() {
  const translate = useTranslate();
  const name = (r: ReminderRuleRecord) => translate(`app.outreach.rules.kind.${r.kind}`);
  const when = (r: ReminderRuleRecord) => translate(`app.outreach.rules.when.${r.kind}`, { smart_count: r.days });
  return (
    <List title="app.menu.reminder_rules" sort={{ field: 'kind', order: 'ASC' }} exporter={false} pagination={false} actions={false}>
      <Alert severity="info" sx={{ m: 1 }}>
        {translate('app.outreach.rules.help')}
      </Alert>
      <ResponsiveList
        compact={
          <SimpleList<ReminderRuleRecord>
            rowClick="edit"
            primaryText={name}
            secondaryText={when}
            tertiaryText={(r) => translate(r.enabled ? 'app.outreach.rules.on' : 'app.outreach.rules.off')}
          />
        }
      >
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <FunctionField<ReminderRuleRecord> source="kind" render={name} />
          <BooleanField source="enabled" />
          <FunctionField<ReminderRuleRecord> source="days" render={when} />
          <ReferenceField source="templateId" reference="message-templates" link="edit" sortable={false} />
          <NumberField source="weeklyCap" />
          <InstantField source="updatedAt" />
        </Datagrid>
      </ResponsiveList>
    </List>
  );
}
