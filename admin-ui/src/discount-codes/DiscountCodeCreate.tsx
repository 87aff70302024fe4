/**
 * Discount codes: create a code (POST /api/admin/discount-codes; audited by the server).
 */
import { Create } from 'react-admin';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { useNotifySaved } from '../api/useNotifySaved';
import { toDiscountCodePayload } from './discountCode';
import { DiscountCodeForm } from './DiscountCodeForm';

/** Create view (pessimistic: a taken code or a bad value comes back as a field error). */
export default function DiscountCodeCreate() {
  const onError = useNotifyServerError();
  const onSuccess = useNotifySaved('discount-codes', 'create', 'list');
  return (
    <Create redirect="list" transform={toDiscountCodePayload} mutationOptions={{ onError, onSuccess }}>
      <DiscountCodeForm />
    </Create>
  );
}
