/**
 * Below a term's form: its offerings (program, window, whether each takes applications now), each opening
 * its own page, and a button that adds an offering to this term (the term chosen already).
 */
import { Box, Typography } from '@mui/material';
import {
  CreateButton,
  Datagrid,
  EditButton,
  FunctionField,
  ReferenceManyField,
  SimpleList,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { formatInstant } from '../common/localDateTime';
import { ResponsiveList } from '../common/ResponsiveList';
import { OfferingStateChip, offeringStateKey } from './OfferingStateChip';
import type { OfferingRecord, TermRecord } from './types';
import { useCatalogueText } from './useCatalogueText';

/** The section; nothing before the term has loaded. */
export function TermOfferings() {
  const record = useRecordContext<TermRecord>();
  const translate = useTranslate();
  const text = useCatalogueText();
  if (!record) return null;
  const program = (r: OfferingRecord) => `${text.gender(r.gender)} · ${r.fieldOfInterest}`;
  const windowText = (r: OfferingRecord) => `${formatInstant(r.opensAt, text.locale)} – ${formatInstant(r.closesAt, text.locale)}`;
  return (
    <Box component="section" aria-labelledby="term-offerings-heading" sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2" id="term-offerings-heading" sx={{ flex: 1 }}>
          {translate('app.terms.offerings')}
        </Typography>
        <CreateButton resource="offerings" label="app.terms.add_offering" state={{ record: { termId: record.id } }} />
      </Box>
      <ReferenceManyField<TermRecord, OfferingRecord>
        reference="offerings"
        target="termId"
        sort={{ field: 'opensAt', order: 'ASC' }}
        perPage={200}
        empty={<Typography color="text.secondary">{translate('app.terms.no_offerings')}</Typography>}
      >
        <ResponsiveList
          compact={
            <SimpleList<OfferingRecord>
              rowClick="edit"
              primaryText={program}
              secondaryText={(r) => (
                <>
                  {translate(offeringStateKey(r))}
                  <br />
                  {windowText(r)}
                </>
              )}
            />
          }
        >
          <Datagrid rowClick="edit" bulkActionButtons={false}>
            <FunctionField<OfferingRecord> label="resources.offerings.fields.programId" sortable={false} render={program} />
            <FunctionField<OfferingRecord> label="app.offerings.window" sortable={false} render={windowText} />
            <FunctionField<OfferingRecord>
              label="resources.offerings.fields.acceptingNow"
              sortable={false}
              render={(r) => <OfferingStateChip record={r} />}
            />
            <EditButton />
          </Datagrid>
        </ResponsiveList>
      </ReferenceManyField>
    </Box>
  );
}
