/**
 * The offering form shared by create and edit (issue 25): which program (named with its gender) in which
 * term, the locations applicants choose from; the application window in the admin's own time zone, grace
 * days and the admission rounds (key, names in three languages, deadline); the application and late fees
 * in the deployment's currency (sent as integer cents), when the late fee starts and the seats; after the
 * decision, the reply deadline and whether it takes deferrals (issue 29), and the enrollment deposit (item 2:
 * amount, due days after accepting, whether unpaid offers lapse, refundable); whether it is open and, on edit,
 * archived. Validated on the client as on the server; server errors land on the
 * fields too.
 */
import type { ReactElement } from 'react';
import {
  ArrayInput,
  AutocompleteInput,
  BooleanInput,
  NumberInput,
  ReferenceInput,
  SimpleForm,
  SimpleFormIterator,
  TextArrayInput,
  TextInput,
  useTranslate,
} from 'react-admin';
import { LocalDateTimeInput } from '../common/LocalDateTimeInput';
import { useCurrency } from '../common/money';
import { FormHeading, LocalizedTextInputs } from './FormParts';
import { validateOffering, type OfferingFormValues } from './offering';
import type { ProgramRecord, TermRecord } from './types';
import { useCatalogueText } from './useCatalogueText';

const inputSx = { width: { xs: '100%', sm: 320 } };
const wideSx = { width: '100%', maxWidth: 640 };

/** Props of {@link OfferingForm}. */
export interface OfferingFormProps {
  toolbar?: ReactElement | false;
  /** The form's values (an offering with its fees in the major unit: {@link offeringFormValues}); the record context's otherwise. */
  record?: OfferingFormValues & { id?: number };
  /** Values of a new offering ({@link defaultOfferingValues}). */
  defaultValues?: OfferingFormValues;
  /** Show the archive switch (edit only). */
  archive?: boolean;
}

/** The form. */
export function OfferingForm({ toolbar, record, defaultValues, archive = false }: OfferingFormProps) {
  const translate = useTranslate();
  const currency = useCurrency();
  const text = useCatalogueText();
  const inCurrency = (key: string) => translate(key, { currency: currency ?? '…' });
  return (
    <SimpleForm
      record={record}
      defaultValues={defaultValues}
      validate={validateOffering as (values: Record<string, unknown>) => Record<string, unknown>}
      toolbar={toolbar}
      warnWhenUnsavedChanges
    >
      <FormHeading label="app.offerings.section.what" />
      <ReferenceInput
        source="programId"
        reference="programs"
        sort={{ field: 'sortOrder', order: 'ASC' }}
        filter={{ archived: false }}
        perPage={100}
      >
        <AutocompleteInput
          optionText={(r: ProgramRecord) => text.program(r)}
          filterToQuery={(q: string) => ({ q })}
          helperText="app.offerings.program_help"
          sx={wideSx}
        />
      </ReferenceInput>
      <ReferenceInput
        source="termId"
        reference="terms"
        sort={{ field: 'startsOn', order: 'DESC' }}
        filter={{ archived: false }}
        perPage={100}
      >
        <AutocompleteInput
          optionText={(r: TermRecord) => text.term(r)}
          filterToQuery={(q: string) => ({ q })}
          helperText="app.offerings.term_help"
          sx={wideSx}
        />
      </ReferenceInput>
      <TextArrayInput source="locations" helperText="app.offerings.locations_help" sx={wideSx} />

      <FormHeading label="app.offerings.section.when" />
      <LocalDateTimeInput source="opensAt" />
      <LocalDateTimeInput source="closesAt" helperText="app.offerings.closes_help" />
      <NumberInput source="graceDays" step="any" helperText="app.offerings.grace_days_help" sx={inputSx} />
      <ArrayInput source="rounds" helperText="app.offerings.rounds_help">
        <SimpleFormIterator
          disableReordering
          disableClear
          fullWidth
          // Always show the remove buttons: react-admin hides them until hover, which keyboard users never do.
          sx={{ '& .RaSimpleFormIterator-action': { visibility: 'visible' }, '& .RaSimpleFormIterator-line': { pb: 2 } }}
        >
          <TextInput
            source="key"
            label="app.offerings.round_key"
            helperText="app.offerings.round_key_help"
            sx={inputSx}
            slotProps={{ htmlInput: { maxLength: 30, spellCheck: false, autoCapitalize: 'none' } }}
          />
          <LocalizedTextInputs source="labels" label="app.offerings.round_name" />
          <LocalDateTimeInput source="deadlineAt" label="app.offerings.round_deadline" />
        </SimpleFormIterator>
      </ArrayInput>

      <FormHeading label="app.offerings.section.money" />
      <NumberInput source="applicationFee" label={inCurrency('app.offerings.application_fee')} step="any" sx={inputSx} />
      <NumberInput
        source="lateFee"
        label={inCurrency('app.offerings.late_fee')}
        step="any"
        helperText="app.offerings.late_fee_help"
        sx={inputSx}
      />
      <LocalDateTimeInput source="lateFeeStartsAt" helperText="app.offerings.late_fee_starts_help" />
      <NumberInput source="seats" step="any" helperText="app.offerings.seats_help" sx={inputSx} />

      <FormHeading label="app.offerings.section.after" />
      <LocalDateTimeInput source="replyDeadlineAt" helperText="app.offerings.reply_deadline_help" />
      <BooleanInput source="acceptsDeferrals" helperText="app.offerings.accepts_deferrals_help" />
      <NumberInput
        source="deposit"
        label={inCurrency('app.offerings.deposit')}
        step="any"
        helperText="app.offerings.deposit_help"
        sx={inputSx}
      />
      <NumberInput source="depositDueDays" step="any" helperText="app.offerings.deposit_due_days_help" sx={inputSx} />
      <BooleanInput source="lapseUnpaidDeposits" helperText="app.offerings.lapse_unpaid_deposits_help" />
      <BooleanInput source="depositRefundable" helperText="app.offerings.deposit_refundable_help" />

      <FormHeading label="app.offerings.section.status" />
      <BooleanInput source="open" helperText="app.offerings.open_help" />
      {archive && <BooleanInput source="archived" helperText="app.offerings.archived_help" />}
    </SimpleForm>
  );
}
