/**
 * The campaign form shared by create and edit (issue 30 item 4): a name, the segment (who) and the message
 * template (what), when — a local date and time, in each applicant's own time zone or the office's — and the
 * throttle (messages per minute); below, who the segment holds now and the message rendered for one of them.
 * Once a campaign has started only its name and throttle change (the server refuses the rest).
 */
import { Alert, Stack } from '@mui/material';
import type { ReactElement } from 'react';
import { useWatch } from 'react-hook-form';
import {
  AutocompleteInput,
  DeleteButton,
  NumberInput,
  RadioButtonGroupInput,
  ReferenceInput,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  maxValue,
  minValue,
  regex,
  required,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { zoneDisplayName } from '../common/localDateTime';
import { EASTERN_ZONE } from '../config';
import { CampaignPreview } from './CampaignPreview';
import { CAMPAIGN_ZONES, isAudienceEditable, type CampaignRecord } from './campaigns';

const inputSx = { width: { xs: '100%', sm: 420 } };
const ZONE_CHOICES = CAMPAIGN_ZONES.map((zone) => ({ id: zone, name: `app.outreach.campaigns.zone.${zone}` }));

/** The send time's input, its help naming whose clock it is. */
function SendAtInput({ disabled }: { disabled: boolean }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const zone = (useWatch({ name: 'zone' }) as string | undefined) ?? 'applicant';
  // a new campaign has no record yet: the office's zone is the spec's Eastern US time, as the API answers
  const officeZone = (useRecordContext<CampaignRecord>()?.officeZone as string | undefined) ?? EASTERN_ZONE;
  return (
    <TextInput
      source="sendAt"
      type="datetime-local"
      disabled={disabled}
      validate={regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'app.outreach.campaigns.send_at_format')}
      helperText={translate(`app.outreach.campaigns.send_at_help.${zone}`, { zone: zoneDisplayName(officeZone, locale) })}
      sx={{ width: { xs: '100%', sm: 320 } }}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

/** Save, and Delete for a draft only (once scheduled a campaign is cancelled, never deleted). */
function CampaignToolbar() {
  const record = useRecordContext<CampaignRecord>();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {record?.status === 'draft' && <DeleteButton mutationMode="pessimistic" />}
    </Toolbar>
  );
}

/** The form; `toolbar` replaces its own (Save, and Delete for a draft). */
export function CampaignForm({ toolbar }: { toolbar?: ReactElement | false }) {
  const translate = useTranslate();
  const record = useRecordContext<CampaignRecord>();
  const locked = record ? !isAudienceEditable(record) : false;
  return (
    <SimpleForm toolbar={toolbar ?? <CampaignToolbar />} warnWhenUnsavedChanges defaultValues={{ zone: 'applicant', perMinute: 120 }}>
      {locked && (
        <Alert severity="info" sx={{ mb: 2, maxWidth: 720 }}>
          {translate('app.outreach.campaigns.started_help')}
        </Alert>
      )}
      <TextInput source="name" validate={required()} sx={inputSx} slotProps={{ htmlInput: { maxLength: 120 } }} />
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ width: '100%', columnGap: 2 }}>
        <ReferenceInput source="segmentId" reference="segments" sort={{ field: 'name', order: 'ASC' }}>
          <AutocompleteInput
            optionText="name"
            validate={required()}
            disabled={locked}
            sx={inputSx}
            filterToQuery={(q: string) => ({ q })}
          />
        </ReferenceInput>
        <ReferenceInput source="templateId" reference="message-templates" sort={{ field: 'name', order: 'ASC' }}>
          <AutocompleteInput
            optionText="name"
            validate={required()}
            disabled={locked}
            sx={inputSx}
            filterToQuery={(q: string) => ({ q })}
          />
        </ReferenceInput>
      </Stack>
      <RadioButtonGroupInput source="zone" choices={ZONE_CHOICES} disabled={locked} validate={required()} />
      <SendAtInput disabled={locked} />
      <NumberInput
        source="perMinute"
        validate={[required(), minValue(1), maxValue(60000)]}
        min={1}
        max={60000}
        step={1}
        helperText="app.outreach.campaigns.per_minute_help"
        sx={{ width: { xs: '100%', sm: 240 } }}
      />
      <CampaignPreview />
    </SimpleForm>
  );
}
