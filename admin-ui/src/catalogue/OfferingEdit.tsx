/**
 * Admissions cycle: change, close or archive an offering (PUT /api/admin/offerings/:id; audited). There is
 * no delete; closing it (open off) and archiving it each ask first. Moving an offering applications use to
 * another program or term is refused (409 CAT-409-in-use, the server's message is shown). The fees are
 * edited in the currency's major unit and saved as integer cents.
 */
import { useMemo } from 'react';
import { Edit, TopToolbar, useRecordContext } from 'react-admin';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { useNotifySaved } from '../api/useNotifySaved';
import { CatalogueToolbar } from './CatalogueToolbar';
import { offeringFormValues, toOfferingPayload } from './offering';
import { OfferingForm } from './OfferingForm';
import type { OfferingRecord } from './types';
import { WaitlistButton } from '../waitlist/WaitlistButton';

/** The offering's name in the confirmation: program and term. */
export const offeringName = (r: Pick<OfferingRecord, 'fieldOfInterest' | 'semester'>) => `${r.fieldOfInterest} · ${r.semester}`;

/** The form, once the record has loaded, with the fees in the major unit. */
function OfferingEditForm() {
  const record = useRecordContext<OfferingRecord>();
  const values = useMemo(() => (record ? offeringFormValues(record) : undefined), [record]);
  if (!values) return null;
  return <OfferingForm archive record={values} toolbar={<CatalogueToolbar<OfferingRecord> messages="offerings" name={offeringName} />} />;
}

/** The offering's Waitlist page (issue 29 item 4), in the page's actions. */
function OfferingEditActions() {
  const record = useRecordContext<OfferingRecord>();
  return <TopToolbar>{record && <WaitlistButton offeringId={record.id} />}</TopToolbar>;
}

/** Edit view (pessimistic, so server errors show before leaving). */
export default function OfferingEdit() {
  const onError = useNotifyServerError();
  const onSuccess = useNotifySaved('offerings', 'edit', 'list');
  return (
    <Edit
      mutationMode="pessimistic"
      redirect="list"
      transform={toOfferingPayload}
      mutationOptions={{ onError, onSuccess }}
      actions={<OfferingEditActions />}
    >
      <OfferingEditForm />
    </Edit>
  );
}
