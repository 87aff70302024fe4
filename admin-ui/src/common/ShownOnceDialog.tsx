/**
 * The dialog that shows a credential the server answers only once (a new API key, a webhook signing
 * secret): a warning that it cannot be shown again, the value read-only and selected on focus, a help
 * line, a copy button and Done.
 */
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Dialog, DialogActions, DialogContent, DialogTitle, TextField as MuiTextField } from '@mui/material';
import { Button, useNotify, useTranslate } from 'react-admin';

/** Props of {@link ShownOnceDialog}; texts are message keys. */
export interface ShownOnceDialogProps {
  /** The credential. */
  value: string;
  /** Section of `app` with `shown_once`, `copy`, `copied`, `copy_failed`, `done` (e.g. `api_keys` for `app.api_keys.*`). */
  messages: string;
  /** Title key and its arguments. */
  title: string;
  titleArgs?: Record<string, unknown>;
  /** Label key of the field. */
  label: string;
  /** Key of the help line under the field. */
  help: string;
  /** `data-testid` of the input. */
  testId: string;
  onClose: () => void;
}

/** Modal dialog; closing it is the caller's (e.g. redirect to the list). */
export function ShownOnceDialog({ value, messages, title, titleArgs, label, help, testId, onClose }: ShownOnceDialogProps) {
  const section = `app.${messages}`;
  const translate = useTranslate();
  const notify = useNotify();
  const copy = () => {
    void navigator.clipboard
      ?.writeText(value)
      .then(() => notify(`${section}.copied`, { type: 'info' }))
      .catch(() => notify(`${section}.copy_failed`, { type: 'warning' }));
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={`${testId}-title`} maxWidth="sm" fullWidth>
      <DialogTitle id={`${testId}-title`}>{translate(title, titleArgs)}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate(`${section}.shown_once`)}
        </Alert>
        <MuiTextField
          value={value}
          label={translate(label)}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false, 'data-testid': testId } }}
          onFocus={(event) => event.target.select()}
        />
        <Alert severity="info" sx={{ mt: 2 }}>
          {translate(help)}
        </Alert>
      </DialogContent>
      <DialogActions>
        <Button label={`${section}.copy`} onClick={copy}>
          <ContentCopyIcon />
        </Button>
        <Button label={`${section}.done`} variant="contained" onClick={onClose} />
      </DialogActions>
    </Dialog>
  );
}
