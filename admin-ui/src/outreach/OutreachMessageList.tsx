/**
 * The outreach delivery log (issue 30 item 6): every message with its outcome (sent, failed, bounced,
 * suppressed and why), where it came from (rule, campaign, test) and its template; filters application,
 * status, source and template. On phones, one compact row a message.
 */
import OutboxIcon from '@mui/icons-material/Outbox';
import {
  AutocompleteInput,
  Datagrid,
  FunctionField,
  List,
  NumberField,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  SimpleList,
  TextField,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { InstantField } from '../common/InstantField';
import { ListEmpty } from '../common/ListEmpty';
import { formatInstant } from '../common/localDateTime';
import { ResponsiveList } from '../common/ResponsiveList';
import { SearchFilter } from '../common/SearchFilter';
import type { ApplicationRecord } from '../applications/types';
import { formatPersonName } from '../../../contract/format/person-name';
import { MessageStatusChip } from './MessageStatusChip';
import { MESSAGE_STATUSES, SOURCE_KINDS, type OutreachMessageRecord } from './outreach';

const STATUS_CHOICES = MESSAGE_STATUSES.map((s) => ({ id: s, name: `app.outreach.status.${s}` }));
const SOURCE_CHOICES = SOURCE_KINDS.map((s) => ({ id: s, name: `app.outreach.source.${s}` }));

const filters = [
  <SearchFilter key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
  <SelectInput key="sourceKind" source="sourceKind" choices={SOURCE_CHOICES} alwaysOn />,
  <ReferenceInput key="templateId" source="templateId" reference="message-templates" sort={{ field: 'name', order: 'ASC' }}>
    <SelectInput optionText="name" />
  </ReferenceInput>,
  <ReferenceInput key="applicationId" source="applicationId" reference="applications">
    <AutocompleteInput
      optionText={(r: ApplicationRecord) => `#${r.referenceNumber} ${formatPersonName(r)}`}
      filterToQuery={(q: string) => ({ q })}
      sx={{ minWidth: 280 }}
    />
  </ReferenceInput>,
];

/** The source in words: rule (with its stage), campaign or test. */
export function useSourceText(): (r: OutreachMessageRecord) => string {
  const translate = useTranslate();
  return (r) => [translate(`app.outreach.source.${r.sourceKind}`), r.stageKey].filter(Boolean).join(' · ');
}

/** The log, newest first. */
export default function OutreachMessageList() {
  const [locale] = useLocaleState();
  const translate = useTranslate();
  const source = useSourceText();
  return (
    <List
      title="app.menu.outreach_messages"
      sort={{ field: 'id', order: 'DESC' }}
      filters={filters}
      exporter={false}
      empty={<ListEmpty message="app.outreach.messages.empty" hint="app.outreach.messages.empty_hint" icon={<OutboxIcon />} />}
    >
      <ResponsiveList
        compact={
          <SimpleList<OutreachMessageRecord>
            primaryText={(r) => r.subject ?? r.templateKey}
            secondaryText={(r) => `${r.email} · ${source(r)}`}
            tertiaryText={(r) => `${translate(`app.outreach.status.${r.status}`)} · ${formatInstant(r.sentAt ?? r.createdAt, locale)}`}
            linkType={false}
          />
        }
      >
        <Datagrid bulkActionButtons={false} rowClick={false}>
          <InstantField source="createdAt" />
          <ReferenceField source="applicationId" reference="applications" link="show" sortable={false} />
          <TextField source="email" />
          <TextField source="templateKey" sortable={false} />
          <TextField source="subject" sortable={false} />
          <FunctionField<OutreachMessageRecord> source="sourceKind" sortable={false} render={source} />
          <FunctionField<OutreachMessageRecord> source="status" render={(r) => <MessageStatusChip record={r} />} />
          <NumberField source="attempts" sortable={false} />
          <InstantField source="sentAt" />
        </Datagrid>
      </ResponsiveList>
    </List>
  );
}
