/**
 * "What applicants see" (issue 25): the programs list of the applicant site as it stands now, from the
 * public `GET /api/programs?gender=…` in the language chosen here (`Accept-Language`), for a female or male
 * applicant. Each program shows its name and popup as applicants read them, the terms open now with their
 * locations, close and current deadline, or the day its next window opens — or that nothing is open. The
 * console's own texts stay in the admin's language; the applicant's texts are marked with their language.
 * The choices live in the address (`?gender=male&language=es`), so a view can be shared.
 */
import { useEffect, useState } from 'react';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  FormControl,
  FormControlLabel,
  FormLabel,
  LinearProgress,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router';
import { api, unwrap } from '../api/client';
import { LOCALES, type AppLocale } from '../config';
import { formatInstant } from '../common/localDateTime';
import { LOCALE_NAMES, toAppLocale } from '../i18n/locales';
import { CatalogueTabs } from './CatalogueTabs';
import { availability, availabilityCounts, groupPrograms, readPreviewChoice, type PreviewChoice } from './preview';
import { GENDERS, SECTION_FLAGS, type PublicProgram } from './types';
import { useCatalogueText } from './useCatalogueText';

/** What the page holds: the answer, or why there is none. */
interface Loaded {
  programs: PublicProgram[] | null;
  loading: boolean;
  error: string | null;
}

/** The programs an applicant of `choice` sees now. */
function usePublicPrograms(choice: PreviewChoice, reload: number): Loaded {
  const [state, setState] = useState<Loaded>({ programs: null, loading: true, error: null });
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    unwrap(
      api.GET('/api/programs', {
        params: { query: { gender: choice.gender } },
        headers: { 'Accept-Language': choice.language },
      }),
    ).then(
      (programs) => live && setState({ programs, loading: false, error: null }),
      (error: unknown) =>
        live && setState({ programs: null, loading: false, error: error instanceof Error ? error.message : String(error ?? '') }),
    );
    return () => {
      live = false;
    };
  }, [choice.gender, choice.language, reload]);
  return state;
}

/** One program as the applicant sees it. */
function ProgramCard({ program, language }: { program: PublicProgram; language: AppLocale }) {
  const translate = useTranslate();
  const text = useCatalogueText();
  const offer = availability(program);
  const headingId = `preview-${program.program}-${program.name}`.replace(/[^\w-]/g, '_');
  const flags = SECTION_FLAGS.filter((flag) => program.flags[flag]);
  return (
    <Card variant="outlined" component="article" aria-labelledby={headingId} sx={{ mb: 2 }} data-testid="preview-program">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Typography variant="subtitle1" component="h3" id={headingId} lang={language} sx={{ fontWeight: 600 }}>
            {program.label}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('app.preview.stored_name', { name: program.name })}
          </Typography>
        </Stack>
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {translate('app.preview.popup_title')} <span lang={language}>{program.popup.title}</span> ·{' '}
          {translate('app.preview.semesters', { smart_count: program.popup.semesters })} · {program.popup.college}
        </Typography>
        {flags.length > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {translate('app.preview.sections', { sections: flags.map((f) => translate(`app.catalogue.flag.${f}`)).join(', ') })}
          </Typography>
        )}
        {offer.kind === 'open' ? (
          <Box sx={{ overflowX: 'auto', mt: 1 }}>
            <Table size="small">
              <caption style={{ captionSide: 'top', textAlign: 'start', padding: '4px 0' }}>
                <Chip size="small" color="success" label={translate('app.preview.open_now')} />
              </caption>
              <TableHead>
                <TableRow>
                  <TableCell scope="col">{translate('app.preview.term')}</TableCell>
                  <TableCell scope="col">{translate('app.preview.locations')}</TableCell>
                  <TableCell scope="col">{translate('app.preview.closes')}</TableCell>
                  <TableCell scope="col">{translate('app.preview.deadline')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {offer.courses.map((course) => (
                  <TableRow key={course.semester}>
                    <TableCell component="th" scope="row" lang={language}>
                      {course.label}
                    </TableCell>
                    <TableCell lang={course.locations.length ? language : undefined}>
                      {course.locations.length ? course.locations.join(', ') : translate('app.preview.no_location')}
                    </TableCell>
                    <TableCell>{formatInstant(course.closesAt, text.locale)}</TableCell>
                    <TableCell>
                      {course.deadlineAt ? formatInstant(course.deadlineAt, text.locale) : translate('app.preview.no_deadline')}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        ) : (
          <Typography sx={{ mt: 1 }} data-testid="preview-not-open">
            <Chip
              size="small"
              variant="outlined"
              color={offer.kind === 'upcoming' ? 'info' : 'default'}
              label={
                offer.kind === 'upcoming'
                  ? translate('app.preview.opens_on', { date: formatInstant(offer.opensAt, text.locale) })
                  : translate('app.preview.not_open')
              }
            />
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** The page. */
export default function ApplicantPreview() {
  const translate = useTranslate();
  const text = useCatalogueText();
  const [params, setParams] = useSearchParams();
  // held here (the address follows it): a router navigation is a transition, and a radio bound to the
  // address alone would spring back until it ends
  const [choice, setChoice] = useState<PreviewChoice>(() =>
    readPreviewChoice(params.toString(), { gender: 'female', language: toAppLocale(text.locale) ?? 'en' }),
  );
  const [reload, setReload] = useState(0);
  const { programs, loading, error } = usePublicPrograms(choice, reload);
  const choose = (next: Partial<PreviewChoice>) => {
    const merged = { ...choice, ...next };
    setChoice(merged);
    setParams({ gender: merged.gender, language: merged.language }, { replace: true });
  };
  const counts = programs ? availabilityCounts(programs) : null;

  return (
    <>
      <Title title="app.preview.title" />
      <CatalogueTabs />
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <Typography sx={{ mb: 2 }}>{translate('app.preview.intro')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'flex-end' } }}>
            <FormControl>
              <FormLabel id="preview-gender-label">{translate('app.preview.gender')}</FormLabel>
              <RadioGroup
                row
                aria-labelledby="preview-gender-label"
                name="preview-gender"
                value={choice.gender}
                onChange={(e) => choose({ gender: e.target.value as PreviewChoice['gender'] })}
              >
                {GENDERS.map((gender) => (
                  <FormControlLabel key={gender} value={gender} control={<Radio />} label={text.gender(gender)} />
                ))}
              </RadioGroup>
            </FormControl>
            <TextField
              select
              label={translate('app.preview.language')}
              value={choice.language}
              onChange={(e) => choose({ language: e.target.value as AppLocale })}
              sx={{ minWidth: 200 }}
              slotProps={{ select: { inputProps: { 'data-testid': 'preview-language' } } }}
            >
              {LOCALES.map((locale) => (
                <MenuItem key={locale} value={locale} lang={locale}>
                  {LOCALE_NAMES[locale]}
                </MenuItem>
              ))}
            </TextField>
            <Button startIcon={<RefreshIcon />} onClick={() => setReload((n) => n + 1)} disabled={loading}>
              {translate('app.preview.refresh')}
            </Button>
          </Stack>
        </CardContent>
      </Card>

      <Box role="status" aria-live="polite" sx={{ my: 2 }}>
        {loading ? (
          <>
            <LinearProgress aria-hidden />
            <Typography variant="body2" sx={{ mt: 1 }}>
              {translate('app.preview.loading')}
            </Typography>
          </>
        ) : counts ? (
          <Typography variant="body2" data-testid="preview-summary">
            {translate('app.preview.summary', {
              smart_count: programs?.length ?? 0,
              open: counts.open,
              upcoming: counts.upcoming,
              none: counts.none,
            })}
          </Typography>
        ) : null}
      </Box>

      {error && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => setReload((n) => n + 1)}>
              {translate('app.preview.retry')}
            </Button>
          }
        >
          {translate('app.preview.error')} {error}
        </Alert>
      )}

      {programs && programs.length === 0 && <Alert severity="info">{translate('app.preview.empty')}</Alert>}

      {programs &&
        groupPrograms(programs).map((section) => (
          <Box component="section" key={section.group} aria-labelledby={`preview-group-${section.group}`} sx={{ mb: 3 }}>
            <Typography variant="h6" component="h2" id={`preview-group-${section.group}`} sx={{ mb: 1 }}>
              {text.group(section.group)}
            </Typography>
            {section.programs.map((program) => (
              <ProgramCard key={program.name} program={program} language={choice.language} />
            ))}
          </Box>
        ))}
    </>
  );
}
