/**
 * Discount codes (issue 5 item 6): code, kind, value, usage against the limit, expiry in the
 * admin's time zone, active and whether the code is usable now; filters q, kind and active.
 */
import {
  BooleanField,
  CreateButton,
  Datagrid,
  EditButton,
  FunctionField,
  List,
  NullableBooleanInput,
  SelectInput,
  TextField,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { InstantField } from '../common/InstantField';
import { SearchFilter } from '../common/SearchFilter';
import { CodeStateChip } from './CodeStateChip';
import { usageText } from './discountCode';
import { DISCOUNT_KINDS, type DiscountCodeRecord } from './types';

const KIND_CHOICES = DISCOUNT_KINDS.map((kind) => ({ id: kind, name: `app.discount_codes.kind.${kind}` }));

const filters = [
  <SearchFilter key="q" source="q" alwaysOn />,
  <SelectInput key="kind" source="kind" choices={KIND_CHOICES} />,
  <NullableBooleanInput key="active" source="active" />,
];

/** The value as the applicant will see it: `$25.00`, `25%`, or "Fee waived". */
function ValueText({ record }: { record: DiscountCodeRecord }) {
  const translate = useTranslate();
  if (record.kind === 'waiver') return <span>{translate('app.discount_codes.kind.waiver')}</span>;
  if (record.kind === 'percent') return <span>{`${Number(record.value)}%`}</span>;
  return <span>{`$${Number(record.value).toFixed(2)}`}</span>;
}

function ListActions() {
  return (
    <TopToolbar>
      <CreateButton />
    </TopToolbar>
  );
}

/** List of discount codes, newest first; a row opens the editor. */
export default function DiscountCodeList() {
  const translate = useTranslate();
  return (
    <List
      title="app.menu.discount_codes"
      sort={{ field: 'createdAt', order: 'DESC' }}
      filters={filters}
      exporter={false}
      actions={<ListActions />}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="code" />
        <FunctionField<DiscountCodeRecord> source="kind" render={(r) => translate(`app.discount_codes.kind.${r.kind}`)} />
        <FunctionField<DiscountCodeRecord> source="value" render={(r) => <ValueText record={r} />} />
        <FunctionField<DiscountCodeRecord> source="usageCount" render={(r) => usageText(r)} />
        <InstantField source="expiresAt" emptyText={translate('app.discount_codes.never')} />
        <BooleanField source="active" />
        <FunctionField<DiscountCodeRecord> source="usable" sortable={false} render={(r) => <CodeStateChip record={r} />} />
        <EditButton />
      </Datagrid>
    </List>
  );
}
