/**
 * One automatic reminder (issue 30 item 3): switch it on or off, its N days (what they count depends on the
 * rule), the template sent (in each applicant's language) and the weekly cap K (audited by the server). Its
 * messages open in the delivery log.
 */
import { Alert, Button, Typography } from '@mui/material';
import {
  AutocompleteInput,
  BooleanInput,
  Edit,
  NumberInput,
  ReferenceInput,
  SaveButton,
  SimpleForm,
  Toolbar,
  maxValue,
  minValue,
  required,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { toRulePayload, type ReminderRuleRecord } from './campaigns';

/** What the rule does, and a link to its messages. */
function RuleHeader() {
  const record = useRecordContext<ReminderRuleRecord>();
  const translate = useTranslate();
  if (!record) return null;
  const log = `/outreach-messages?filter=${encodeURIComponent(JSON.stringify({ sourceKind: 'rule', sourceId: record.id }))}`;
  return (
    <>
      <Typography variant="h6" component="h2">
        {translate(`app.outreach.rules.kind.${record.kind}`)}
      </Typography>
      <Alert severity="info" sx={{ my: 1, maxWidth: 720 }}>
        {translate(`app.outreach.rules.describe.${record.kind}`)} {translate('app.outreach.rules.help')}
      </Alert>
      <Button component={RouterLink} to={log} size="small" sx={{ mb: 1 }}>
        {translate('app.outreach.rules.open_log')}
      </Button>
    </>
  );
}

/** The days input, its help saying what they count for this rule. */
function DaysInput() {
  const record = useRecordContext<ReminderRuleRecord>();
  const translate = useTranslate();
  return (
    <NumberInput
      source="days"
      min={1}
      max={365}
      step={1}
      validate={[required(), minValue(1), maxValue(365)]}
      helperText={record ? translate(`app.outreach.rules.days_help.${record.kind}`) : undefined}
      sx={{ width: { xs: '100%', sm: 240 } }}
    />
  );
}

/** The page title: the rule's name in the admin's language. */
function RuleTitle() {
  const record = useRecordContext<ReminderRuleRecord>();
  const translate = useTranslate();
  return <span>{record ? translate(`app.outreach.rules.kind.${record.kind}`) : ''}</span>;
}

/** Edit view (Save only: the five rules are never deleted). */
export default function ReminderRuleEdit() {
  const onError = useNotifyServerError();
  return (
    <Edit
      mutationMode="pessimistic"
      redirect="list"
      transform={toRulePayload}
      mutationOptions={{ onError }}
      actions={false}
      title={<RuleTitle />}
    >
      <SimpleForm
        warnWhenUnsavedChanges
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <RuleHeader />
        <BooleanInput source="enabled" helperText="app.outreach.rules.enabled_help" />
        <DaysInput />
        <ReferenceInput source="templateId" reference="message-templates" sort={{ field: 'name', order: 'ASC' }}>
          <AutocompleteInput
            optionText="name"
            validate={required()}
            sx={{ width: { xs: '100%', sm: 420 } }}
            filterToQuery={(q: string) => ({ q })}
          />
        </ReferenceInput>
        <NumberInput
          source="weeklyCap"
          min={1}
          max={20}
          step={1}
          validate={[required(), minValue(1), maxValue(20)]}
          helperText="app.outreach.rules.weekly_cap_help"
          sx={{ width: { xs: '100%', sm: 240 } }}
        />
      </SimpleForm>
    </Edit>
  );
}
