/**
 * The empty state of a list (react-admin `<List empty>`): shown when the resource has no record at
 * all (not when filters match nothing: the list says "No results" then). A friendly message in the
 * admin's language and, where the resource can be created in the console, its Create button.
 */
import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import InboxIcon from '@mui/icons-material/Inbox';
import { CreateButton, useResourceDefinition, useTranslate } from 'react-admin';

/** Props of {@link ListEmpty}. */
export interface ListEmptyProps {
  /** Message key (e.g. `app.discount_codes.empty`). */
  message: string;
  /** A second, smaller line (message key), e.g. how records come to exist. */
  hint?: string;
  /** Shown above the message; default an inbox icon. */
  icon?: ReactNode;
}

/** Empty-state panel; the Create button appears only when the current resource has a create page. */
export function ListEmpty({ message, hint, icon }: ListEmptyProps) {
  const translate = useTranslate();
  const { hasCreate } = useResourceDefinition();
  return (
    <Box
      role="status"
      data-testid="list-empty"
      sx={{ textAlign: 'center', py: 6, px: 2, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, width: '100%' }}
    >
      <Box aria-hidden sx={{ color: 'text.disabled', '& svg': { fontSize: 64 } }}>
        {icon ?? <InboxIcon />}
      </Box>
      <Typography variant="h6" component="p">
        {translate(message)}
      </Typography>
      {hint && (
        <Typography variant="body2" color="text.secondary">
          {translate(hint)}
        </Typography>
      )}
      {hasCreate && <CreateButton variant="contained" />}
    </Box>
  );
}
