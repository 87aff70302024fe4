/**
 * Admissions cycle: one term (PUT /api/admin/terms/:id; audited) — its key, names, first day and archive
 * switch (asked first; there is no delete), "Roll over to next cycle" at the top, and below the form the
 * term's offerings with a button to add one. Changing the key of a term applications use is refused (409
 * CAT-409-in-use, the server's message is shown).
 */
import { Edit, TopToolbar } from 'react-admin';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { useNotifySaved } from '../api/useNotifySaved';
import { CatalogueToolbar } from './CatalogueToolbar';
import { RollOverButton } from './RollOverButton';
import { toTermPayload } from './term';
import { TermForm } from './TermForm';
import { TermOfferings } from './TermOfferings';
import type { TermRecord } from './types';

/** Above the form: the roll-over. */
function TermActions() {
  return (
    <TopToolbar>
      <RollOverButton />
    </TopToolbar>
  );
}

/** Edit view (pessimistic, so server errors show before leaving). */
export default function TermEdit() {
  const onError = useNotifyServerError();
  const onSuccess = useNotifySaved('terms', 'edit', 'list');
  return (
    <Edit
      mutationMode="pessimistic"
      redirect="list"
      actions={<TermActions />}
      transform={toTermPayload}
      mutationOptions={{ onError, onSuccess }}
    >
      <TermForm archive toolbar={<CatalogueToolbar<TermRecord> messages="terms" name={(r) => r.key} />} />
      <TermOfferings />
    </Edit>
  );
}
