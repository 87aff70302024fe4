/**
 * Remove button for one option of the dropdown editor: removing is destructive, so it asks first.
 */
import { useState } from 'react';
import RemoveIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import { Confirm, IconButtonWithTooltip, useRecordContext, useSimpleFormIteratorItem } from 'react-admin';
import type { DropdownOption } from './types';

/** Replaces SimpleFormIterator's remove button with one that opens a confirmation dialog. */
export function ConfirmRemoveButton() {
  const { remove, index } = useSimpleFormIteratorItem();
  const option = useRecordContext<DropdownOption & { id?: string }>();
  const [open, setOpen] = useState(false);
  const name = (typeof option?.label === 'string' ? option.label : option?.label?.en) || option?.value || `#${index + 1}`;
  return (
    <>
      <IconButtonWithTooltip
        label="app.dropdowns.remove_option"
        size="small"
        color="warning"
        onClick={() => setOpen(true)}
        className={`button-remove button-remove-options-${index}`}
      >
        <RemoveIcon fontSize="small" />
      </IconButtonWithTooltip>
      <Confirm
        isOpen={open}
        title="app.dropdowns.remove_option_title"
        content="app.dropdowns.remove_option_content"
        translateOptions={{ label: name }}
        confirm="ra.action.remove"
        confirmColor="warning"
        onConfirm={() => {
          setOpen(false);
          remove();
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
