/**
 * "Roll over to next cycle" on a term's page: opens the roll-over dialog (a fresh one each time, so every
 * opening starts from a new dry run).
 */
import { useState } from 'react';
import ReplayIcon from '@mui/icons-material/EventRepeat';
import { Button, useRecordContext } from 'react-admin';
import { RollOverDialog } from './RollOverDialog';
import type { TermRecord } from './types';

/** The button and, while open, the dialog. */
export function RollOverButton() {
  const term = useRecordContext<TermRecord>();
  const [open, setOpen] = useState(false);
  if (!term) return null;
  return (
    <>
      <Button label="app.terms.roll_over.button" onClick={() => setOpen(true)} aria-haspopup="dialog" data-testid="roll-over">
        <ReplayIcon />
      </Button>
      {open && <RollOverDialog term={term} onClose={() => setOpen(false)} />}
    </>
  );
}
