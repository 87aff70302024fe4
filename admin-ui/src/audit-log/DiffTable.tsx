/**
 * The before and after records of an audit-log entry side by side, one row per field (dotted path),
 * the changed rows highlighted and marked in words (not by colour alone). A switch hides the
 * unchanged rows.
 */
import { useState } from 'react';
import {
  Box,
  Chip,
  FormControlLabel,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { diffRecords, formatLeaf, type ChangeKind } from './diff';

const ROW_SX: Record<ChangeKind, object> = {
  added: { bgcolor: 'success.light' },
  removed: { bgcolor: 'error.light' },
  changed: { bgcolor: 'warning.light' },
  unchanged: {},
};
const CELL_SX = { fontFamily: 'monospace', whiteSpace: 'pre-wrap', wordBreak: 'break-word', verticalAlign: 'top' };

/** Comparison table of `before` and `after` (either may be null for a create or a delete). */
export function DiffTable({ before, after }: { before: unknown; after: unknown }) {
  const translate = useTranslate();
  const [onlyChanged, setOnlyChanged] = useState(false);
  const rows = diffRecords(before, after);
  const shown = onlyChanged ? rows.filter((r) => r.change !== 'unchanged') : rows;
  const changedCount = rows.filter((r) => r.change !== 'unchanged').length;
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {translate('app.audit_log.diff.title')}
        </Typography>
        <Typography variant="body2" role="status">
          {translate('app.audit_log.diff.changed_count', { smart_count: changedCount })}
        </Typography>
        <FormControlLabel
          control={<Switch checked={onlyChanged} onChange={(e) => setOnlyChanged(e.target.checked)} />}
          label={translate('app.audit_log.diff.only_changed')}
        />
      </Box>
      {shown.length === 0 ? (
        <Typography>{translate('app.audit_log.diff.empty')}</Typography>
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" data-testid="audit-diff">
            <caption>{translate('app.audit_log.diff.caption')}</caption>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  {translate('app.audit_log.diff.field')}
                </TableCell>
                <TableCell component="th" scope="col">
                  {translate('app.audit_log.diff.before')}
                </TableCell>
                <TableCell component="th" scope="col">
                  {translate('app.audit_log.diff.after')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((row) => (
                <TableRow key={row.path} sx={ROW_SX[row.change]} data-change={row.change} data-path={row.path}>
                  <TableCell component="th" scope="row" sx={{ ...CELL_SX, fontWeight: row.change === 'unchanged' ? 'normal' : 'bold' }}>
                    {row.path || '—'}
                    {row.change !== 'unchanged' ? (
                      <Chip size="small" sx={{ ml: 1 }} label={translate(`app.audit_log.diff.${row.change}`)} />
                    ) : null}
                  </TableCell>
                  <TableCell sx={CELL_SX} data-side="before">
                    {formatLeaf(row.before)}
                  </TableCell>
                  <TableCell sx={CELL_SX} data-side="after">
                    {formatLeaf(row.after)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
