/**
 * Discount codes (issue 5 item 6): code, kind, value (in the console's number format), usage
 * against the limit, expiry in the admin's time zone, active and whether the code is usable now;
 * filters q, kind and active. On phones, one compact row a code; with no code yet, an invitation to
 * create one.
 */
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import {
  BooleanField,
  Datagrid,
  EditButton,
  FunctionField,
  List,
  NullableBooleanInput,
  SelectInput,
  SimpleList,
  TextField,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { InstantField } from '../common/InstantField';
import { ListEmpty } from '../common/ListEmpty';
import { ResponsiveList } from '../common/ResponsiveList';
import { SearchFilter } from '../common/SearchFilter';
import { CodeStateChip } from './CodeStateChip';
import { useCurrency } from '../common/money';
import { codeState, formatDiscountValue, usageText } from './discountCode';
import { DISCOUNT_KINDS, DISCOUNT_PURPOSES, type DiscountCodeRecord } from './types';
import { CreateListActions } from '../common/CreateListActions';

const KIND_CHOICES = DISCOUNT_KINDS.map((kind) => ({ id: kind, name: `app.discount_codes.kind.${kind}` }));
const PURPOSE_CHOICES = DISCOUNT_PURPOSES.map((purpose) => ({ id: purpose, name: `app.discount_codes.applies_to.${purpose}` }));

const filters = [
  <SearchFilter key="q" source="q" alwaysOn />,
  <SelectInput key="kind" source="kind" choices={KIND_CHOICES} />,
  <SelectInput key="appliesTo" source="appliesTo" choices={PURPOSE_CHOICES} />,
  <NullableBooleanInput key="active" source="active" />,
];

/** The value as the applicant will see it, in the console's locale and the deployment's currency: `$25.00`, `25%`, or "Fee waiver". */
function useValueText(): (record: DiscountCodeRecord) => string {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const currency = useCurrency();
  return (record) => formatDiscountValue(record, locale, currency) ?? translate('app.discount_codes.kind.waiver');
}

/** List of discount codes, newest first; a row opens the editor. */
export default function DiscountCodeList() {
  const translate = useTranslate();
  const valueText = useValueText();
  const kindText = (r: DiscountCodeRecord) => translate(`app.discount_codes.kind.${r.kind}`);
  return (
    <List
      title="app.menu.discount_codes"
      sort={{ field: 'createdAt', order: 'DESC' }}
      filters={filters}
      exporter={false}
      actions={<CreateListActions />}
      empty={<ListEmpty message="app.discount_codes.empty" icon={<LocalOfferIcon />} />}
    >
      <ResponsiveList
        compact={
          <SimpleList<DiscountCodeRecord>
            rowClick="edit"
            primaryText={(r) => r.code}
            secondaryText={(r) =>
              [
                r.kind === 'waiver' ? null : kindText(r),
                valueText(r),
                translate(`app.discount_codes.applies_to.${r.appliesTo}`),
                translate('app.discount_codes.usage_summary', { usage: usageText(r) }),
              ]
                .filter(Boolean)
                .join(' · ')
            }
            tertiaryText={(r) => translate(`app.discount_codes.state.${codeState(r)}`)}
          />
        }
      >
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="code" />
          <FunctionField<DiscountCodeRecord> source="kind" render={kindText} />
          <FunctionField<DiscountCodeRecord> source="value" render={valueText} />
          <FunctionField<DiscountCodeRecord>
            source="appliesTo"
            sortable={false}
            render={(r) => translate(`app.discount_codes.applies_to.${r.appliesTo}`)}
          />
          <FunctionField<DiscountCodeRecord> source="usageCount" render={(r) => usageText(r)} />
          <InstantField source="expiresAt" emptyText={translate('app.discount_codes.never')} />
          <BooleanField source="active" />
          <FunctionField<DiscountCodeRecord> source="usable" sortable={false} render={(r) => <CodeStateChip record={r} />} />
          <EditButton />
        </Datagrid>
      </ResponsiveList>
    </List>
  );
}
