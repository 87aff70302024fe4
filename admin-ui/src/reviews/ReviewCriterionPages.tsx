/**
 * Edit and create pages of a review criterion (PUT / POST /api/admin/review-criteria; audited by the server).
 */
import { Create, Edit } from 'react-admin';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { ReviewCriterionForm } from './ReviewCriterionForm';

/** The edit page (pessimistic, so server errors show). */
export function ReviewCriterionEdit() {
  const onError = useNotifyServerError();
  return (
    <Edit mutationMode="pessimistic" redirect="list" mutationOptions={{ onError }}>
      <ReviewCriterionForm />
    </Edit>
  );
}

/** The create page: a new criterion, active, last by default. */
export function ReviewCriterionCreate() {
  const onError = useNotifyServerError();
  return (
    <Create redirect="list" mutationOptions={{ onError }}>
      <ReviewCriterionForm defaultValues={{ active: true }} />
    </Create>
  );
}
