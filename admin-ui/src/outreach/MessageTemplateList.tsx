/**
 * Message templates (issue 30 item 2): key, name, kind and when they last changed; filters search and
 * kind; a row opens the editor (languages, preview, test send). On phones, one compact row a template.
 */
import MailOutlineIcon from '@mui/icons-material/MailOutlineOutlined';
import { Datagrid, FunctionField, List, SelectInput, SimpleList, TextField, useTranslate } from 'react-admin';
import { CreateListActions } from '../common/CreateListActions';
import { InstantField } from '../common/InstantField';
import { ListEmpty } from '../common/ListEmpty';
import { ResponsiveList } from '../common/ResponsiveList';
import { SearchFilter } from '../common/SearchFilter';
import { MESSAGE_KINDS, type MessageTemplateRecord } from './outreach';

const KIND_CHOICES = MESSAGE_KINDS.map((kind) => ({ id: kind, name: `app.outreach.templates.kind.${kind}` }));
const filters = [<SearchFilter key="q" source="q" alwaysOn />, <SelectInput key="kind" source="kind" choices={KIND_CHOICES} alwaysOn />];

/** The list, last changed first. */
export default function MessageTemplateList() {
  const translate = useTranslate();
  const kind = (r: MessageTemplateRecord) => translate(`app.outreach.templates.kind.${r.kind}`);
  return (
    <List
      title="app.menu.message_templates"
      sort={{ field: 'updatedAt', order: 'DESC' }}
      filters={filters}
      exporter={false}
      actions={<CreateListActions />}
      empty={<ListEmpty message="app.outreach.templates.empty" icon={<MailOutlineIcon />} />}
    >
      <ResponsiveList
        compact={
          <SimpleList<MessageTemplateRecord> rowClick="edit" primaryText={(r) => r.name} secondaryText={(r) => `${r.key} · ${kind(r)}`} />
        }
      >
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="key" />
          <TextField source="name" />
          <FunctionField<MessageTemplateRecord> source="kind" render={kind} />
          <InstantField source="updatedAt" />
        </Datagrid>
      </ResponsiveList>
    </List>
  );
}
