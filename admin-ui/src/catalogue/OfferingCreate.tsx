/**
 * Admissions cycle: add an offering (POST /api/admin/offerings; audited). Its window starts from today (no
 * date is written in the code); opened from a term's page, the term is chosen already. A program and term
 * that have an offering already come back as 409 CAT-409-taken, shown in the admin's language.
 */
import { useMemo } from 'react';
import { Create } from 'react-admin';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { useNotifySaved } from '../api/useNotifySaved';
import { defaultOfferingValues, toOfferingPayload } from './offering';
import { OfferingForm } from './OfferingForm';

/** Create view (pessimistic: server errors show on the fields). */
export default function OfferingCreate() {
  const onError = useNotifyServerError();
  const onSuccess = useNotifySaved('offerings', 'create', 'list');
  const defaults = useMemo(() => defaultOfferingValues(), []);
  return (
    <Create redirect="list" transform={toOfferingPayload} mutationOptions={{ onError, onSuccess }}>
      <OfferingForm defaultValues={defaults} />
    </Create>
  );
}
