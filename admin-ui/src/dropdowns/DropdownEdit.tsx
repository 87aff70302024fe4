/**
 * Manage Dropdowns, one list: rename it and edit its options ({value, label in en, es and zh-CN}; add,
 * remove with confirmation, reorder, rename). A missing translation is flagged beside its option and
 * counted above the list (issue 11 item 3); applicants then see the English label. A save that would take saved values away asks first. The key is read-only. Saves are pessimistic (PUT /api/admin/dropdowns/:id)
 * so server errors show; after a save the "Updated" chip is shown for 500 ms (spec §4, §9).
 */
import { Alert, Chip } from '@mui/material';
import { useWatch } from 'react-hook-form';
import {
  ArrayInput,
  Edit,
  FormDataConsumer,
  required,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  Toolbar,
  useTranslate,
} from 'react-admin';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { useNotifySaved } from '../api/useNotifySaved';
import { ConfirmRemoveButton } from './ConfirmRemoveButton';
import { ConfirmingSaveButton } from './ConfirmingSaveButton';
import { toDropdownPayload, validateDropdown } from './dropdownPayload';
import { missingLocalesOf, missingTranslationCount } from './translations';
import type { DropdownOption, DropdownRecord } from './types';
import { useUpdatedFlag } from './updatedFlag';

/** Beside an option: which languages its label lacks (a visible marker, read by screen readers too). */
function MissingMarker({ option }: { option: Partial<DropdownOption> | undefined }) {
  const translate = useTranslate();
  const missing = missingLocalesOf(option?.label);
  if (!missing.length) return null;
  const names = missing.map((locale) => translate(`app.dropdowns.locale.${locale}`)).join(', ');
  return (
    <Chip
      data-testid="option-missing-translation"
      color="warning"
      size="small"
      variant="outlined"
      sx={{ alignSelf: 'center' }}
      label={translate('app.dropdowns.missing_languages', { languages: names })}
    />
  );
}

/** Above the options: how many labels are missing in the list being edited (updates as the admin types). */
function MissingSummary() {
  const translate = useTranslate();
  const options = useWatch<{ options?: DropdownOption[] }, 'options'>({ name: 'options' });
  const count = missingTranslationCount(options);
  return (
    <div role="status" aria-live="polite" style={{ width: '100%' }}>
      {count > 0 ? (
        <Alert severity="warning" data-testid="dropdown-missing-count" sx={{ mb: 1 }}>
          {translate('app.dropdowns.missing_count', { smart_count: count })}
        </Alert>
      ) : null}
    </div>
  );
}

/** The "Updated" indicator: visible while the flag is true. */
function UpdatedChip({ updated }: { updated: boolean }) {
  const translate = useTranslate();
  return (
    <span role="status" aria-live="polite" style={{ marginLeft: 16 }}>
      {updated ? <Chip data-testid="dropdown-updated" color="success" size="small" label={translate('app.dropdowns.updated')} /> : null}
    </span>
  );
}

/**
 * Toolbar: Save (asking first when saved values would go away) plus the updated indicator (no
 * delete: lists are fixed by the application form).
 */
function DropdownToolbar({ updated }: { updated: boolean }) {
  return (
    <Toolbar>
      <ConfirmingSaveButton />
      <UpdatedChip updated={updated} />
    </Toolbar>
  );
}

/** The edit view of one dropdown list. */
export default function DropdownEdit() {
  const notifySaved = useNotifySaved('dropdowns', 'edit');
  const [updated, markUpdated] = useUpdatedFlag();
  const onError = useNotifyServerError();
  return (
    <Edit<DropdownRecord>
      mutationMode="pessimistic"
      redirect={false}
      transform={toDropdownPayload}
      mutationOptions={{
        onSuccess: (saved: DropdownRecord) => {
          // names what was saved (issue 13): "Dropdown 'Countries' saved"
          notifySaved(saved);
          markUpdated();
        },
        onError,
      }}
    >
      <SimpleForm toolbar={<DropdownToolbar updated={updated} />} validate={validateDropdown} warnWhenUnsavedChanges>
        <TextInput source="key" readOnly helperText="app.dropdowns.key_help" />
        <TextInput source="label" validate={required()} fullWidth />
        <MissingSummary />
        <ArrayInput source="options" helperText="app.dropdowns.options_help">
          <SimpleFormIterator
            inline
            removeButton={<ConfirmRemoveButton />}
            disableClear
            // Always show reorder/remove: react-admin hides them until hover, which keyboard users never do.
            sx={{ '& .RaSimpleFormIterator-action': { visibility: 'visible' } }}
          >
            <TextInput source="value" label="app.dropdowns.option_value" validate={required()} helperText={false} />
            <TextInput source="label.en" label="app.dropdowns.option_label_en" validate={required()} helperText={false} />
            <TextInput source="label.es" label="app.dropdowns.option_label_es" helperText={false} />
            <TextInput source="label.zh-CN" label="app.dropdowns.option_label_zh" helperText={false} />
            <FormDataConsumer>
              {({ scopedFormData }) => <MissingMarker option={scopedFormData as Partial<DropdownOption> | undefined} />}
            </FormDataConsumer>
          </SimpleFormIterator>
        </ArrayInput>
      </SimpleForm>
    </Edit>
  );
}
