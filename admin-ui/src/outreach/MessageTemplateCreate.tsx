/** Message templates: create one (POST /api/admin/message-templates; audited by the server). */
import { Create } from 'react-admin';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { toTemplatePayload } from './outreach';
import { MessageTemplateForm } from './MessageTemplateForm';

/** Create view (pessimistic: a refused variable comes back on its field); then the editor, to preview and test. */
export default function MessageTemplateCreate() {
  const onError = useNotifyServerError();
  return (
    <Create redirect="edit" transform={toTemplatePayload} mutationOptions={{ onError }}>
      <MessageTemplateForm />
    </Create>
  );
}
