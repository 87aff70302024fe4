/**
 * Admissions cycle, offerings (program × term; issue 25): program with its gender, term, application window
 * in the admin's time zone, whether it takes applications now (or why not), application fee and seats,
 * latest window first; filters term, program, gender, open, archived and "accepting now". On phones, one
 * compact row an offering. No delete: an offering is closed or archived from its page.
 */
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import {
  AutocompleteInput,
  BooleanInput,
  Datagrid,
  EditButton,
  FunctionField,
  List,
  NullableBooleanInput,
  ReferenceInput,
  SelectInput,
  SimpleList,
  useTranslate,
} from 'react-admin';
import { formatInstant } from '../common/localDateTime';
import { ListEmpty } from '../common/ListEmpty';
import { formatCents, useCurrency } from '../common/money';
import { ResponsiveList } from '../common/ResponsiveList';
import { CatalogueTabs } from './CatalogueTabs';
import { OfferingStateChip, offeringStateKey } from './OfferingStateChip';
import type { OfferingRecord, ProgramRecord, TermRecord } from './types';
import { GENDER_CHOICES, useCatalogueText } from './useCatalogueText';
import { CreateListActions } from '../common/CreateListActions';

/** List of offerings, latest opening first. */
export default function OfferingList() {
  const translate = useTranslate();
  const text = useCatalogueText();
  const currency = useCurrency();
  const program = (r: OfferingRecord) => `${text.gender(r.gender)} · ${r.fieldOfInterest}`;
  const windowText = (r: OfferingRecord) => `${formatInstant(r.opensAt, text.locale)} – ${formatInstant(r.closesAt, text.locale)}`;
  const fee = (r: OfferingRecord) => formatCents(r.applicationFeeCents, currency, text.locale);
  const seats = (r: OfferingRecord) => (r.seats === null ? translate('app.catalogue.no_limit') : String(r.seats));
  const filters = [
    <ReferenceInput key="termId" source="termId" reference="terms" sort={{ field: 'startsOn', order: 'DESC' }} alwaysOn>
      <AutocompleteInput optionText={(r: TermRecord) => text.term(r)} filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 260 }} />
    </ReferenceInput>,
    <BooleanInput key="acceptingNow" source="acceptingNow" alwaysOn />,
    <ReferenceInput key="programId" source="programId" reference="programs" sort={{ field: 'sortOrder', order: 'ASC' }}>
      <AutocompleteInput optionText={(r: ProgramRecord) => text.program(r)} filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 260 }} />
    </ReferenceInput>,
    <SelectInput key="gender" source="gender" choices={GENDER_CHOICES} />,
    <NullableBooleanInput key="open" source="open" />,
    <NullableBooleanInput key="archived" source="archived" />,
  ];
  return (
    <>
      <CatalogueTabs />
      <List
        title="app.menu.offerings"
        sort={{ field: 'opensAt', order: 'DESC' }}
        filters={filters}
        exporter={false}
        actions={<CreateListActions withFilterButton />}
        empty={<ListEmpty message="app.offerings.empty" hint="app.offerings.empty_hint" icon={<EventAvailableIcon />} />}
      >
        <ResponsiveList
          breakpoint="md"
          compact={
            <SimpleList<OfferingRecord>
              rowClick="edit"
              primaryText={(r) => `${program(r)} · ${r.semester}`}
              secondaryText={(r) => (
                <>
                  {translate(offeringStateKey(r))} · {fee(r)}
                  <br />
                  {windowText(r)}
                </>
              )}
            />
          }
        >
          <Datagrid rowClick="edit" bulkActionButtons={false}>
            <FunctionField<OfferingRecord> source="programId" render={program} />
            <FunctionField<OfferingRecord> source="termId" render={(r) => r.semester} />
            <FunctionField<OfferingRecord> source="opensAt" label="app.offerings.window" render={windowText} />
            <FunctionField<OfferingRecord> source="acceptingNow" sortable={false} render={(r) => <OfferingStateChip record={r} />} />
            <FunctionField<OfferingRecord> source="applicationFeeCents" sortable={false} render={fee} />
            <FunctionField<OfferingRecord> source="seats" sortable={false} render={seats} />
            <EditButton />
          </Datagrid>
        </ResponsiveList>
      </List>
    </>
  );
}
