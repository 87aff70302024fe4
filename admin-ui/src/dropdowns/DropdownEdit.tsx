/**
 * Manage Dropdowns, one list: rename it and edit its options ({value, label}; add, remove with
 * confirmation, reorder, rename). A save that would take saved values away asks first. The key is read-only. Saves are pessimistic (PUT /api/admin/dropdowns/:id)
 * so server errors show; after a save the "Updated" chip is shown for 500 ms (spec §4, §9).
 */
import { Chip } from '@mui/material';
import { ArrayInput, Edit, required, SimpleForm, SimpleFormIterator, TextInput, Toolbar, useTranslate } from 'react-admin';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { useNotifySaved } from '../api/useNotifySaved';
import { ConfirmRemoveButton } from './ConfirmRemoveButton';
import { ConfirmingSaveButton } from './ConfirmingSaveButton';
import type { DropdownOption, DropdownRecord } from './types';
import { useUpdatedFlag } from './updatedFlag';

/** Sends only what the API updates: `{ label, options }`. */
export function toDropdownPayload(data: Partial<DropdownRecord>): Pick<DropdownRecord, 'label' | 'options'> {
  return {
    label: (data.label ?? '').trim(),
    options: (data.options ?? []).map((o: DropdownOption) => ({
      value: String(o?.value ?? '').trim(),
      label: String(o?.label ?? '').trim(),
    })),
  };
}

/** Form-level check: option values must be unique within a list. */
export function validateDropdown(values: Partial<DropdownRecord>): Record<string, unknown> {
  const seen = new Set<string>();
  const optionErrors: Record<number, { value: string }> = {};
  (values.options ?? []).forEach((o, i) => {
    const v = String(o?.value ?? '').trim();
    if (!v) return;
    if (seen.has(v)) optionErrors[i] = { value: 'app.dropdowns.duplicate_value' };
    seen.add(v);
  });
  return Object.keys(optionErrors).length ? { options: optionErrors } : {};
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
        <ArrayInput source="options" helperText="app.dropdowns.options_help">
          <SimpleFormIterator
            inline
            removeButton={<ConfirmRemoveButton />}
            disableClear
            // Always show reorder/remove: react-admin hides them until hover, which keyboard users never do.
            sx={{ '& .RaSimpleFormIterator-action': { visibility: 'visible' } }}
          >
            <TextInput source="value" label="app.dropdowns.option_value" validate={required()} helperText={false} />
            <TextInput source="label" label="app.dropdowns.option_label" validate={required()} helperText={false} />
          </SimpleFormIterator>
        </ArrayInput>
      </SimpleForm>
    </Edit>
  );
}
