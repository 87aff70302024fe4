/**
 * Whether an offering takes applications now, as a chip: "Accepting now", or why not (archived, closed,
 * not open yet, window ended).
 */
import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { offeringState, type OfferingState } from './offering';
import type { OfferingRecord } from './types';

const COLOR: Record<OfferingState, 'success' | 'default' | 'warning' | 'info'> = {
  accepting: 'success',
  archived: 'default',
  closed: 'warning',
  upcoming: 'info',
  ended: 'default',
};

/** The chip's text key for a record. */
export const offeringStateKey = (record: OfferingRecord) => `app.offerings.state.${offeringState(record)}`;

/** The chip. */
export function OfferingStateChip({ record }: { record: OfferingRecord }) {
  const translate = useTranslate();
  const state = offeringState(record);
  return (
    <Chip
      size="small"
      color={COLOR[state]}
      variant={state === 'accepting' ? 'filled' : 'outlined'}
      label={translate(`app.offerings.state.${state}`)}
      data-testid="offering-state"
    />
  );
}
