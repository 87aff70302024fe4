/**
 * The caller's review of an application (issue 15 item 2): a 1–5 rating per criterion (a radio group
 * each: Tab moves between groups, arrow keys choose), a recommendation (radios), comments, Save. Errors
 * show next to their field and in an alert (`role=alert`); the server's field errors are shown the same way.
 */
import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { HttpError, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { api, unwrap } from '../api/client';
import { criterionLabel, initialValues, MAX_COMMENTS, reviewErrors, reviewPayload } from './review';
import { RECOMMENDATIONS, type Review, type ReviewCriterion, type ReviewFormValues } from './types';

/** Props: the application, the criteria, the caller's saved review, and what to do once saved. */
export interface ReviewFormProps {
  applicationId: string;
  criteria: ReviewCriterion[];
  mine: Review | null;
  onSaved: () => void;
}

/** The review form. */
export function ReviewForm({ applicationId, criteria, mine, onSaved }: ReviewFormProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const active = criteria.filter((c) => c.active);
  const [values, setValues] = useState<ReviewFormValues>(() => initialValues(criteria, mine));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = reviewErrors(values, criteria);
    setErrors(found);
    if (Object.keys(found).length) {
      setFailure(translate('app.reviews.fix_errors'));
      return;
    }
    setSaving(true);
    setFailure('');
    try {
      await unwrap(
        api.PUT('/api/admin/applications/{id}/reviews/mine', {
          params: { path: { id: applicationId } },
          body: reviewPayload(values, criteria),
        }),
      );
      notify('app.reviews.saved', { type: 'success' });
      onSaved();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : translate('ra.notification.http_error'));
      if (error instanceof HttpError) {
        const fieldErrors = (error.body as { errors?: Record<string, unknown> } | undefined)?.errors ?? {};
        if (Object.keys(fieldErrors).length)
          setErrors(Object.fromEntries(Object.keys(fieldErrors).map((k) => [k, 'app.reviews.error_server'])));
      }
    } finally {
      setSaving(false);
    }
  };

  const errorText = (key: string) => (errors[key] ? translate(errors[key]!) : undefined);

  return (
    <Box component="form" onSubmit={submit} noValidate aria-labelledby="review-form-title" data-testid="review-form">
      <Stack spacing={2}>
        {active.map((c) => {
          const id = `rating-${c.id}`;
          const error = errorText(`rating.${c.id}`);
          return (
            <FormControl key={c.id} error={Boolean(error)} component="fieldset">
              <FormLabel component="legend" id={`${id}-label`}>
                {criterionLabel(c, locale)}
              </FormLabel>
              <RadioGroup
                row
                aria-labelledby={`${id}-label`}
                name={id}
                value={String(values.ratings[c.id] ?? 0)}
                onChange={(_, v) => setValues((old) => ({ ...old, ratings: { ...old.ratings, [c.id]: Number(v) } }))}
              >
                {[1, 2, 3, 4, 5].map((n) => (
                  <FormControlLabel
                    key={n}
                    value={String(n)}
                    control={
                      <Radio
                        slotProps={{
                          input: { 'aria-label': translate('app.reviews.rating_of', { rating: n, criterion: criterionLabel(c, locale) }) },
                        }}
                      />
                    }
                    label={String(n)}
                  />
                ))}
              </RadioGroup>
              {error ? <FormHelperText>{error}</FormHelperText> : null}
            </FormControl>
          );
        })}
        <FormControl error={Boolean(errors.recommendation)} component="fieldset">
          <FormLabel component="legend" id="recommendation-label">
            {translate('app.reviews.recommendation')}
          </FormLabel>
          <RadioGroup
            row
            aria-labelledby="recommendation-label"
            name="recommendation"
            value={values.recommendation}
            onChange={(_, v) => setValues((old) => ({ ...old, recommendation: v as ReviewFormValues['recommendation'] }))}
          >
            {RECOMMENDATIONS.map((r) => (
              <FormControlLabel key={r} value={r} control={<Radio />} label={translate(`app.reviews.recommendations.${r}`)} />
            ))}
          </RadioGroup>
          {errors.recommendation ? <FormHelperText>{errorText('recommendation')}</FormHelperText> : null}
        </FormControl>
        <TextField
          label={translate('app.reviews.comments')}
          name="comments"
          multiline
          minRows={3}
          value={values.comments}
          onChange={(e) => setValues((old) => ({ ...old, comments: e.target.value }))}
          error={Boolean(errors.comments)}
          helperText={errorText('comments') ?? translate('app.reviews.comments_hint', { max: MAX_COMMENTS.toLocaleString(locale) })}
          sx={{ maxWidth: 640 }}
        />
        {failure ? (
          <Alert severity="error" role="alert" data-testid="review-error">
            {failure}
          </Alert>
        ) : null}
        <Box>
          <Button type="submit" variant="contained" disabled={saving}>
            {translate('app.reviews.save')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
