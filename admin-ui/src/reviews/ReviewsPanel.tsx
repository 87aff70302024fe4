/**
 * The reviews section of an application's page (issue 15 item 2), plugged into the show page with one
 * line: for admins the averages panel, and for everyone who may review (readers assigned, admins) the
 * caller's review form once the application is complete.
 */
import { Alert, Box, Paper, Typography } from '@mui/material';
import { usePermissions, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { AveragesPanel } from './AveragesPanel';
import { ReviewForm } from './ReviewForm';
import { useReviewSummary } from './useReviewSummary';

/** Statuses in which an application can be reviewed (the server answers 409 otherwise). */
const REVIEWABLE = ['complete', 'under_review', 'decided'];

/** The reviews section of the application in context. */
export default function ReviewsPanel() {
  const record = useRecordContext<{ id: string; status: string }>();
  const translate = useTranslate();
  const refresh = useRefresh();
  const { permissions } = usePermissions<string>();
  const { summary, error, reload } = useReviewSummary(record?.id);
  if (!record) return null;
  return (
    <Paper component="section" aria-labelledby="reviews-title" sx={{ p: 2, mt: 2 }} data-testid="reviews-panel">
      <Typography variant="h6" component="h2" id="reviews-title" gutterBottom>
        {translate('app.reviews.title')}
      </Typography>
      {error ? (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      ) : null}
      {summary && permissions === 'admin' ? <AveragesPanel summary={summary} /> : null}
      <Box sx={{ mt: 3 }}>
        <Typography variant="subtitle1" component="h3" id="review-form-title" gutterBottom>
          {translate('app.reviews.your_review')}
        </Typography>
        {!REVIEWABLE.includes(record.status) ? (
          <Typography variant="body2">{translate('app.reviews.not_reviewable')}</Typography>
        ) : summary ? (
          <ReviewForm
            key={summary.mine?.updatedAt ?? 'new'}
            applicationId={record.id}
            criteria={summary.criteria}
            mine={summary.mine}
            onSaved={() => {
              void reload();
              refresh();
            }}
          />
        ) : null}
      </Box>
    </Paper>
  );
}
