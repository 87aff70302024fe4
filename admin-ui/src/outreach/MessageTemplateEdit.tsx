/**
 * Message templates: change one (PUT; audited), delete one never used (409 once used), and below the form
 * the preview for a chosen application and the test send to oneself (of the saved template).
 */
import { Edit } from 'react-admin';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { toTemplatePayload } from './outreach';
import { MessageTemplateForm } from './MessageTemplateForm';
import { MessageTemplatePreview } from './MessageTemplatePreview';

/** Edit view. */
export default function MessageTemplateEdit() {
  const onError = useNotifyServerError();
  return (
    <Edit mutationMode="pessimistic" redirect={false} transform={toTemplatePayload} mutationOptions={{ onError }}>
      <MessageTemplateForm />
      <MessageTemplatePreview />
    </Edit>
  );
}
