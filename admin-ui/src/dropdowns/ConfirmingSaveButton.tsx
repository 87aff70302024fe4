/**
 * Save button of the dropdown editor: when the save would take saved values away (an option
 * removed, or its value changed), it first asks for a confirmation naming those values. Label
 * changes and reordering save at once.
 */
import { useRef, useState, type MouseEvent } from 'react';
import { Confirm, SaveButton, useRecordContext } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { lostOptionValues } from './destructiveChange';
import type { DropdownOption, DropdownRecord } from './types';

/** react-admin SaveButton plus the confirmation dialog. */
export function ConfirmingSaveButton() {
  const record = useRecordContext<DropdownRecord>();
  const form = useFormContext<DropdownRecord>();
  const button = useRef<HTMLButtonElement>(null);
  const confirmed = useRef(false);
  const [lost, setLost] = useState<string[]>([]);

  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (confirmed.current) {
      confirmed.current = false;
      return;
    }
    const values = lostOptionValues(record?.options, form.getValues('options') as DropdownOption[] | undefined);
    if (values.length > 0) {
      event.preventDefault();
      setLost(values);
    }
  };

  return (
    <>
      {/* type="button": the form is only submitted through this click, so Enter cannot skip the question. */}
      <SaveButton type="button" ref={button} onClick={onClick} />
      <Confirm
        isOpen={lost.length > 0}
        title="app.dropdowns.save_destructive_title"
        content="app.dropdowns.save_destructive_content"
        translateOptions={{ values: lost.join(', '), smart_count: lost.length }}
        confirm="ra.action.save"
        confirmColor="warning"
        onConfirm={() => {
          setLost([]);
          confirmed.current = true;
          button.current?.click();
        }}
        onClose={() => setLost([])}
      />
    </>
  );
}
