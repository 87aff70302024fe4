/** Campaigns: write one (POST /api/admin/campaigns, a draft; audited by the server), then its page. */
import { Create } from 'react-admin';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { toCampaignPayload } from './campaigns';
import { CampaignForm } from './CampaignForm';

/** Create view (pessimistic: a refused field comes back on it). */
export default function CampaignCreate() {
  const onError = useNotifyServerError();
  return (
    <Create redirect="show" transform={toCampaignPayload} mutationOptions={{ onError }}>
      <CampaignForm />
    </Create>
  );
}
