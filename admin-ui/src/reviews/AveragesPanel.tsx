/**
 * The reviews of an application at a glance (admins): the average per criterion and overall, the
 * recommendation counts, and each assigned reader with whether they have reviewed.
 */
import { Box, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { criterionLabel, formatAverage } from './review';
import { RECOMMENDATIONS, type ReviewSummary } from './types';

/** The averages panel. */
export function AveragesPanel({ summary }: { summary: ReviewSummary }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const average = (id: number) => summary.averages.find((a) => a.criterionId === id);
  return (
    <Stack spacing={2} data-testid="review-averages">
      {summary.reviews.length === 0 ? (
        <Typography role="status">{translate('app.reviews.none_yet')}</Typography>
      ) : (
        <Table size="small" aria-label={translate('app.reviews.averages')}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {translate('app.reviews.criterion')}
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                {translate('app.reviews.average')}
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                {translate('app.reviews.count')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {summary.criteria.map((c) => (
              <TableRow key={c.id}>
                <TableCell component="th" scope="row">
                  {criterionLabel(c, locale)}
                </TableCell>
                <TableCell align="right">{formatAverage(average(c.id)?.average, locale)}</TableCell>
                <TableCell align="right">{average(c.id)?.count ?? 0}</TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                {translate('app.reviews.overall')}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="review-overall">
                {formatAverage(summary.overall, locale)}
              </TableCell>
              <TableCell align="right">{summary.reviews.length}</TableCell>
            </TableRow>
          </TableBody>
        </Table>
      )}
      <Box>
        <Typography variant="subtitle2" component="h3">
          {translate('app.reviews.recommendation_counts')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', mt: 1 }}>
          {RECOMMENDATIONS.map((r) => (
            <Chip key={r} label={`${translate(`app.reviews.recommendations.${r}`)}: ${summary.recommendations[r]}`} />
          ))}
        </Stack>
      </Box>
      <Box>
        <Typography variant="subtitle2" component="h3">
          {translate('app.reviews.readers')}
        </Typography>
        {summary.readers.length === 0 ? (
          <Typography variant="body2">{translate('app.reviews.no_readers')}</Typography>
        ) : (
          <ul>
            {summary.readers.map((r) => (
              <li key={r.id}>
                {r.name} ({r.email}) — {translate(r.reviewed ? 'app.reviews.reviewed' : 'app.reviews.not_reviewed')}
              </li>
            ))}
          </ul>
        )}
      </Box>
    </Stack>
  );
}
