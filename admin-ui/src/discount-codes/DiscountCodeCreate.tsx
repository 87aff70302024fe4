/**
 * Discount codes: create a code (POST /api/admin/discount-codes; audited by the server).
 */
import { Create } from 'react-admin';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { toDiscountCodePayload } from './discountCode';
import { DiscountCodeForm } from './DiscountCodeForm';

/** Create view (pessimistic: a taken code or a bad value comes back as a field error). */
export default function DiscountCodeCreate() {
  const onError = useNotifyServerError();
  return (
    <Create redirect="list" transform={toDiscountCodePayload} mutationOptions={{ onError }}>
      <DiscountCodeForm />
    </Create>
  );
}
