/**
 * The discount-code form shared by create and edit (issue 5 item 6): code (upper-cased as typed),
 * kind, what it applies to (the application fee or the enrollment deposit; issue 29 item 2), value (the
 * deployment's currency or percent; not asked for a waiver), expiry in the admin's own time zone, maximum
 * uses, description and active. Validated on the client as on the server; server 422 errors land on
 * the fields too.
 */
import { Alert } from '@mui/material';
import type { ReactElement } from 'react';
import { BooleanInput, FormDataConsumer, NumberInput, SelectInput, SimpleForm, TextInput, useTranslate } from 'react-admin';
import { LocalDateTimeInput } from '../common/LocalDateTimeInput';
import { useCurrency } from '../common/money';
import { validateDiscountCode, type DiscountCodeFormValues } from './discountCode';
import { DISCOUNT_KINDS, DISCOUNT_PURPOSES, type DiscountKind } from './types';

const inputSx = { width: { xs: '100%', sm: 320 } };
const KIND_CHOICES = DISCOUNT_KINDS.map((kind) => ({ id: kind, name: `app.discount_codes.kind.${kind}` }));
const PURPOSE_CHOICES = DISCOUNT_PURPOSES.map((purpose) => ({ id: purpose, name: `app.discount_codes.applies_to.${purpose}` }));

/** The value input, labelled by kind; a note instead for a waiver (the whole fee, value 0). */
function ValueInput({ kind }: { kind: DiscountKind | undefined }) {
  const translate = useTranslate();
  const currency = useCurrency();
  if (kind === 'waiver') {
    return (
      <Alert severity="info" sx={{ mb: 2, maxWidth: 640 }}>
        {translate('app.discount_codes.waiver_note')}
      </Alert>
    );
  }
  return (
    <NumberInput
      source="value"
      label={
        kind === 'percent'
          ? 'app.discount_codes.value_percent'
          : translate('app.discount_codes.value_amount', { currency: currency ?? '…' })
      }
      // No native min/max/step: the browser would block the save with its own message, in its own
      // language; validateDiscountCode says the same in the console's language.
      step="any"
      sx={inputSx}
    />
  );
}

/** The form; `toolbar` is passed through to SimpleForm. */
export function DiscountCodeForm({ toolbar, children }: { toolbar?: ReactElement | false; children?: ReactElement }) {
  return (
    <SimpleForm
      validate={validateDiscountCode as (values: Record<string, unknown>) => Record<string, string>}
      toolbar={toolbar}
      warnWhenUnsavedChanges
      defaultValues={{ kind: 'fixed', appliesTo: 'application_fee', active: true }}
    >
      {children}
      <TextInput
        source="code"
        parse={(v: string) => (v ?? '').toUpperCase()}
        helperText="app.discount_codes.code_help"
        sx={inputSx}
        slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false, maxLength: 40 } }}
      />
      <SelectInput source="kind" choices={KIND_CHOICES} sx={inputSx} />
      <SelectInput source="appliesTo" choices={PURPOSE_CHOICES} helperText="app.discount_codes.applies_to_help" sx={inputSx} />
      <FormDataConsumer<DiscountCodeFormValues>>{({ formData }) => <ValueInput kind={formData.kind as DiscountKind} />}</FormDataConsumer>
      <LocalDateTimeInput source="expiresAt" helperText="app.discount_codes.expires_help" />
      <NumberInput source="maxUses" step="any" helperText="app.discount_codes.max_uses_help" sx={inputSx} />
      <TextInput source="description" multiline minRows={2} fullWidth sx={{ maxWidth: 640 }} />
      <BooleanInput source="active" helperText="app.discount_codes.active_help" />
    </SimpleForm>
  );
}
