/**
 * API keys for integrators (issue 14 item 5): name, prefix, scopes, state, last use, expiry and
 * creation in the admin's time zone; filters q and state; revoke from the row. On phones, one compact
 * row a key; with no key yet, an invitation to create one.
 */
import KeyIcon from '@mui/icons-material/Key';
import { Chip, Stack } from '@mui/material';
import { Datagrid, FunctionField, List, SelectInput, SimpleList, TextField, useTranslate } from 'react-admin';
import { InstantField } from '../common/InstantField';
import { ListEmpty } from '../common/ListEmpty';
import { ResponsiveList } from '../common/ResponsiveList';
import { SearchFilter } from '../common/SearchFilter';
import { ApiKeyStateChip } from './ApiKeyStateChip';
import { RevokeApiKeyButton } from './RevokeApiKeyButton';
import type { ApiKeyRecord } from './types';
import { CreateListActions } from '../common/CreateListActions';

const STATE_CHOICES = (['active', 'expired', 'revoked'] as const).map((state) => ({ id: state, name: `app.api_keys.state.${state}` }));

const filters = [<SearchFilter key="q" source="q" alwaysOn />, <SelectInput key="state" source="state" choices={STATE_CHOICES} />];

/** The key's scopes as small chips, each with its readable name. */
function ScopeChips({ record }: { record: ApiKeyRecord }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {record.scopes.map((scope) => (
        <Chip
          key={scope}
          size="small"
          variant="outlined"
          label={translate(`app.api_keys.scope.${scope.replace(':', '_')}`)}
          title={scope}
        />
      ))}
    </Stack>
  );
}

/** List of API keys, newest first (the keys themselves are never shown again after creation). */
export default function ApiKeyList() {
  const translate = useTranslate();
  return (
    <List
      title="app.menu.api_keys"
      sort={{ field: 'createdAt', order: 'DESC' }}
      filters={filters}
      exporter={false}
      actions={<CreateListActions />}
      empty={<ListEmpty message="app.api_keys.empty" icon={<KeyIcon />} />}
    >
      <ResponsiveList
        compact={
          <SimpleList<ApiKeyRecord>
            linkType={false}
            primaryText={(r) => r.name}
            secondaryText={(r) =>
              `${r.prefix}… · ${r.scopes.map((s) => translate(`app.api_keys.scope.${s.replace(':', '_')}`)).join(', ')}`
            }
            tertiaryText={(r) => translate(`app.api_keys.state.${r.state}`)}
          />
        }
      >
        <Datagrid rowClick={false} bulkActionButtons={false}>
          <TextField source="name" />
          <FunctionField<ApiKeyRecord> source="prefix" render={(r) => <code>{r.prefix}…</code>} />
          <FunctionField<ApiKeyRecord> source="scopes" sortable={false} render={(r) => <ScopeChips record={r} />} />
          <FunctionField<ApiKeyRecord> source="state" sortable={false} render={(r) => <ApiKeyStateChip record={r} />} />
          <InstantField source="lastUsedAt" emptyText={translate('app.api_keys.never_used')} />
          <InstantField source="expiresAt" emptyText={translate('app.api_keys.never')} />
          <InstantField source="createdAt" />
          <RevokeApiKeyButton />
        </Datagrid>
      </ResponsiveList>
    </List>
  );
}
