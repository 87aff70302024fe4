/**
 * The segment form shared by create and edit (issue 30 item 1): a name and the filter — the Applications
 * list's filters (search, status, program, group, term, round, gender, payment status, created / changed
 * dates) plus step reached, days idle, checklist items awaited, fee unpaid, decision and reply — with the
 * live count and a sample of the applications it matches now (asked of the server while typing, half a
 * second after the last change). Phone layout: the inputs take the whole width.
 */
import { Box, Stack, Typography } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import {
  AutocompleteArrayInput,
  DateInput,
  NullableBooleanInput,
  NumberInput,
  SelectArrayInput,
  SimpleForm,
  TextInput,
  required,
  useTranslate,
} from 'react-admin';
import { useRemoteChoices } from '../applications/choices';
import { SegmentLivePreview } from './SegmentLivePreview';
import {
  SEGMENT_DECISIONS,
  SEGMENT_PAYMENT_STATUSES,
  SEGMENT_REPLIES,
  SEGMENT_STATUSES,
  segmentBoundErrors,
  toSegmentFilter,
} from './outreach';

const inputSx = { width: { xs: '100%', sm: 280 } };
/** A text list typed as "a, b, c" (stored as a list). */
const listFormat = (value: unknown) => (Array.isArray(value) ? value.join(', ') : ((value as string | undefined) ?? ''));

/** Client checks as on the server: a lower bound above its upper bound. */
function validate(values: Record<string, unknown>): Record<string, unknown> {
  const errors = segmentBoundErrors(toSegmentFilter((values.filter as Record<string, unknown>) ?? {}));
  const filter: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) filter[path.replace(/^filter\./, '')] = message;
  return Object.keys(filter).length ? { filter } : {};
}

/** A titled group of inputs. */
function Group({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2, width: '100%' }}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>
        {translate(title)}
      </Typography>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 2 }}>
        {children}
      </Stack>
    </Box>
  );
}

/** The form; `toolbar` is passed through to SimpleForm. */
export function SegmentForm({ toolbar }: { toolbar?: ReactElement | false }) {
  const translate = useTranslate();
  const { programs, semesters } = useRemoteChoices();
  const fixed = (values: readonly string[], key: (v: string) => string) =>
    values.map((v) => ({ id: v, name: translate(key(v), { _: v }) }));
  return (
    <SimpleForm validate={validate} toolbar={toolbar} warnWhenUnsavedChanges defaultValues={{ filter: {} }}>
      <TextInput
        source="name"
        validate={required()}
        sx={{ width: { xs: '100%', sm: 480 } }}
        slotProps={{ htmlInput: { maxLength: 120 } }}
      />
      <Group title="app.outreach.segments.group_applications">
        <TextInput source="filter.q" label="app.applications.search" sx={inputSx} />
        <SelectArrayInput
          source="filter.status"
          choices={fixed(SEGMENT_STATUSES, (v) => `app.dashboard.status.${v}`)}
          sx={inputSx}
          helperText="app.outreach.segments.status_help"
        />
        <AutocompleteArrayInput source="filter.fieldOfInterest" choices={programs} sx={inputSx} />
        <SelectArrayInput
          source="filter.program"
          choices={fixed(['underGraduate', 'graduate', 'postGraduate', 'preRequisite'], (v) => `app.dashboard.group.${v}`)}
          sx={inputSx}
        />
        <AutocompleteArrayInput source="filter.semester" choices={semesters} sx={inputSx} />
        <TextInput source="filter.round" format={listFormat} helperText="app.outreach.segments.list_help" sx={inputSx} />
        <SelectArrayInput source="filter.gender" choices={fixed(['Female', 'Male'], (v) => `app.applications.gender.${v}`)} sx={inputSx} />
        <SelectArrayInput
          source="filter.Payment_Status"
          choices={fixed(SEGMENT_PAYMENT_STATUSES, (v) => `app.applications.payment_status.${v}`)}
          sx={inputSx}
        />
        <DateInput source="filter.createdFrom" label="app.applications.created_from" sx={inputSx} />
        <DateInput source="filter.createdTo" label="app.applications.created_to" sx={inputSx} />
        <DateInput source="filter.updatedFrom" sx={inputSx} />
        <DateInput source="filter.updatedTo" sx={inputSx} />
      </Group>
      <Group title="app.outreach.segments.group_progress">
        <NumberInput source="filter.stepReachedMin" min={1} max={8} step={1} sx={inputSx} />
        <NumberInput source="filter.stepReachedMax" min={1} max={8} step={1} sx={inputSx} />
        <NumberInput source="filter.idleDaysMin" min={0} step={1} sx={inputSx} helperText="app.outreach.segments.idle_help" />
        <NumberInput source="filter.idleDaysMax" min={0} step={1} sx={inputSx} />
        <TextInput source="filter.missing" format={listFormat} helperText="app.outreach.segments.missing_help" sx={inputSx} />
        <NullableBooleanInput source="filter.feeUnpaid" sx={inputSx} />
      </Group>
      <Group title="app.outreach.segments.group_decision">
        <SelectArrayInput
          source="filter.decision"
          choices={fixed(SEGMENT_DECISIONS, (v) => (v === 'none' ? 'app.decisions.none' : `app.decisions.values.${v}`))}
          sx={inputSx}
        />
        <NullableBooleanInput source="filter.decisionReleased" sx={inputSx} />
        <SelectArrayInput
          source="filter.reply"
          choices={fixed(SEGMENT_REPLIES, (v) => (v === 'none' ? 'app.decisions.reply.none' : `app.decisions.reply.values.${v}`))}
          sx={inputSx}
        />
      </Group>
      <SegmentLivePreview />
    </SimpleForm>
  );
}
