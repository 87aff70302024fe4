/** Bulk action of the applications list: release the selected decisions now or at a time (issue 15 item 3). */
import { useState } from 'react';
import SendIcon from '@mui/icons-material/Send';
import { Button, useListContext, useRefresh, useUnselectAll } from 'react-admin';
import { ReleaseDialog } from './ReleaseDialog';

/** The "Release decisions" bulk button with its dialog. */
export function BulkReleaseButton() {
  const { selectedIds } = useListContext();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('applications');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label="app.decisions.release.bulk" onClick={() => setOpen(true)}>
        <SendIcon />
      </Button>
      <ReleaseDialog
        ids={selectedIds.map(String)}
        open={open}
        onClose={() => setOpen(false)}
        onDone={() => {
          unselectAll();
          refresh();
        }}
      />
    </>
  );
}
