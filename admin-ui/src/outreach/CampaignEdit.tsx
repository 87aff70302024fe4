/** Campaigns: change one (PUT; audited). Before it starts everything; once started only its name and throttle. */
import { Edit } from 'react-admin';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { toCampaignPayload } from './campaigns';
import { CampaignForm } from './CampaignForm';

/** Edit view, back to the campaign's page when saved. */
export default function CampaignEdit() {
  const onError = useNotifyServerError();
  return (
    <Edit mutationMode="pessimistic" redirect="show" transform={toCampaignPayload} mutationOptions={{ onError }}>
      <CampaignForm />
    </Edit>
  );
}
