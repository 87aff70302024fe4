/**
 * One campaign (issue 30 items 4, 6): what it sends to whom and when, its live counts — queued, sent, failed,
 * bounced, not sent — refreshed every two seconds while it is scheduled or sending, with a progress bar; and
 * the actions its status allows (schedule, pause, resume, cancel), each confirmed first. Its messages open in
 * the delivery log.
 */
import { Box, Button, LinearProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ScheduleSendIcon from '@mui/icons-material/ScheduleSend';
import CancelIcon from '@mui/icons-material/Cancel';
import { useState, type ReactElement } from 'react';
import {
  Confirm,
  EditButton,
  FunctionField,
  Labeled,
  NumberField,
  ReferenceField,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { InstantField } from '../common/InstantField';
import { CampaignStatusChip } from './CampaignStatusChip';
import { useSendAtText } from './CampaignList';
import { actionsFor, isEditable, isLive, progress, runCampaignAction, type CampaignAction, type CampaignRecord } from './campaigns';
import { MESSAGE_STATUSES } from './outreach';

const ICON: Record<CampaignAction, ReactElement> = {
  schedule: <ScheduleSendIcon />,
  pause: <PauseIcon />,
  resume: <PlayArrowIcon />,
  cancel: <CancelIcon />,
};

/** The buttons of the actions the campaign's status allows, each asking to confirm. */
export function CampaignActions() {
  const record = useRecordContext<CampaignRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyServerError();
  const refresh = useRefresh();
  const [asking, setAsking] = useState<CampaignAction | null>(null);
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const run = async (action: CampaignAction) => {
    setAsking(null);
    setBusy(true);
    try {
      await runCampaignAction(String(record.id), action);
      notify(`app.outreach.campaigns.done.${action}`, { type: 'info' });
      refresh();
    } catch (error) {
      notifyError(error);
      refresh();
    } finally {
      setBusy(false);
    }
  };
  return (
    <TopToolbar>
      {isEditable(record) && <EditButton />}
      {actionsFor(record.status).map((action) => (
        <Button
          key={action}
          size="small"
          startIcon={ICON[action]}
          color={action === 'cancel' ? 'error' : 'primary'}
          disabled={busy}
          onClick={() => setAsking(action)}
        >
          {translate(`app.outreach.campaigns.action.${action}`)}
        </Button>
      ))}
      <Confirm
        isOpen={asking !== null}
        title={asking ? `app.outreach.campaigns.confirm.${asking}_title` : ''}
        content={asking ? `app.outreach.campaigns.confirm.${asking}` : ''}
        translateOptions={{ name: record.name, count: record.counts.total }}
        onConfirm={() => asking && void run(asking)}
        onClose={() => setAsking(null)}
      />
    </TopToolbar>
  );
}

/** The counts by status, a progress bar, and a link to the messages in the delivery log. */
export function CampaignCounts() {
  const record = useRecordContext<CampaignRecord>();
  const translate = useTranslate();
  if (!record) return null;
  const done = progress(record.counts);
  const logLink = `/outreach-messages?filter=${encodeURIComponent(JSON.stringify({ sourceKind: 'campaign', sourceId: record.id }))}`;
  return (
    <Box sx={{ maxWidth: 640 }} data-testid="campaign-counts">
      {done !== null && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
          <LinearProgress
            variant="determinate"
            value={done}
            sx={{ flex: 1, height: 8, borderRadius: 1 }}
            aria-label={translate('app.outreach.campaigns.progress')}
          />
          <Typography variant="body2">{done}%</Typography>
        </Stack>
      )}
      <Table size="small" aria-label={translate('app.outreach.campaigns.counts_title')}>
        <TableHead>
          <TableRow>
            {MESSAGE_STATUSES.map((status) => (
              <TableCell key={status} align="right">
                {translate(`app.outreach.status.${status}`)}
              </TableCell>
            ))}
            <TableCell align="right">{translate('app.outreach.campaigns.total')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            {MESSAGE_STATUSES.map((status) => (
              <TableCell key={status} align="right" data-testid={`count-${status}`}>
                {record.counts[status].toLocaleString()}
              </TableCell>
            ))}
            <TableCell align="right" data-testid="count-total">
              {record.counts.total.toLocaleString()}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
      <Typography variant="body2" role="status" aria-live="polite" sx={{ mt: 1 }}>
        {isLive(record.status) ? translate('app.outreach.campaigns.live') : ''}
      </Typography>
      <Button component={RouterLink} to={logLink} size="small" sx={{ mt: 1 }}>
        {translate('app.outreach.campaigns.open_log')}
      </Button>
    </Box>
  );
}

/** Show view; refreshed every 2 s while the campaign is scheduled or sending. */
export default function CampaignShow() {
  const sendAt = useSendAtText();
  return (
    <Show
      actions={<CampaignActions />}
      queryOptions={{
        refetchInterval: (query: { state: { data?: CampaignRecord } }) =>
          query.state.data && isLive(query.state.data.status) ? 2000 : false,
      }}
    >
      <SimpleShowLayout>
        <TextField source="name" />
        <FunctionField<CampaignRecord> source="status" render={(r) => <CampaignStatusChip status={r.status} />} />
        <ReferenceField source="segmentId" reference="segments" link="edit" />
        <ReferenceField source="templateId" reference="message-templates" link="edit" />
        <FunctionField<CampaignRecord> source="sendAt" render={sendAt} />
        <NumberField source="perMinute" />
        <InstantField source="startsAt" />
        <InstantField source="startedAt" />
        <InstantField source="finishedAt" />
        <Labeled label="app.outreach.campaigns.counts_title" fullWidth>
          <CampaignCounts />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
