/**
 * The roll-over's preview: the offerings the confirmation would create (program, locations, window,
 * rounds with their deadlines, fees, seats) as a captioned table, scrolling sideways on narrow screens.
 */
import { Alert, Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useCatalogueText } from './useCatalogueText';
import type { PreviewRow } from './rollOver';

/** The table of `rows`; an information line when the term has nothing to copy. */
export function RollOverPreview({ rows, termName }: { rows: PreviewRow[]; termName: string }) {
  const translate = useTranslate();
  const text = useCatalogueText();
  const none = translate('app.terms.roll_over.none');
  if (rows.length === 0) {
    return (
      <Alert severity="info" sx={{ mt: 2 }}>
        {translate('app.terms.roll_over.no_offerings')}
      </Alert>
    );
  }
  const column = (key: string) => translate(`app.terms.roll_over.column.${key}`);
  return (
    <TableContainer sx={{ mt: 1, overflowX: 'auto' }} tabIndex={0} role="region" aria-labelledby="roll-over-preview-caption">
      <Table size="small" data-testid="roll-over-preview">
        <caption id="roll-over-preview-caption" style={{ captionSide: 'top', textAlign: 'start', padding: '8px 0' }}>
          {translate('app.terms.roll_over.preview_caption', { smart_count: rows.length, name: termName })}
        </caption>
        <TableHead>
          <TableRow>
            {['program', 'locations', 'opens', 'closes', 'rounds', 'fees', 'seats'].map((key) => (
              <TableCell key={key} scope="col">
                {column(key)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell component="th" scope="row">
                {text.gender(row.gender)} · {row.program}
              </TableCell>
              <TableCell>{row.locations.length ? row.locations.join(', ') : none}</TableCell>
              <TableCell>{row.opens}</TableCell>
              <TableCell>{row.closes}</TableCell>
              <TableCell>
                {row.rounds.length === 0 ? (
                  none
                ) : (
                  <Box component="ul" sx={{ m: 0, pl: 2 }}>
                    {row.rounds.map((round) => (
                      <li key={round.key}>{translate('app.terms.roll_over.round', { name: round.label, deadline: round.deadline })}</li>
                    ))}
                  </Box>
                )}
              </TableCell>
              <TableCell>
                <Typography variant="body2">{row.fee}</Typography>
                {row.lateFee && (
                  <Typography variant="body2" color="text.secondary">
                    {row.lateFeeFrom
                      ? translate('app.terms.roll_over.late_fee_from', { fee: row.lateFee, date: row.lateFeeFrom })
                      : translate('app.terms.roll_over.late_fee', { fee: row.lateFee })}
                  </Typography>
                )}
              </TableCell>
              <TableCell>{row.seats ?? translate('app.catalogue.no_limit')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
