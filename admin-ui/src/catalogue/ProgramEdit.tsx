/**
 * Admissions cycle: change or archive a program (PUT /api/admin/programs/:id; audited). There is no delete:
 * applications keep naming their program, so it is archived instead (asked first). Renaming a program
 * applications use is refused (409 CAT-409-in-use, the server's message is shown).
 */
import { Edit } from 'react-admin';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { useNotifySaved } from '../api/useNotifySaved';
import { CatalogueToolbar } from './CatalogueToolbar';
import { toProgramPayload } from './program';
import { ProgramForm } from './ProgramForm';
import type { ProgramRecord } from './types';

/** Edit view (pessimistic, so server errors show before leaving). */
export default function ProgramEdit() {
  const onError = useNotifyServerError();
  const onSuccess = useNotifySaved('programs', 'edit', 'list');
  return (
    <Edit mutationMode="pessimistic" redirect="list" transform={toProgramPayload} mutationOptions={{ onError, onSuccess }}>
      <ProgramForm archive toolbar={<CatalogueToolbar<ProgramRecord> messages="programs" name={(r) => r.name} />} />
    </Edit>
  );
}
