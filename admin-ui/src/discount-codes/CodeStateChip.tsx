/**
 * The state of a discount code as a chip: usable, inactive, expired or used up.
 */
import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { codeState, type CodeState } from './discountCode';
import type { DiscountCodeRecord } from './types';

const COLOR: Record<CodeState, 'success' | 'default' | 'warning' | 'error'> = {
  usable: 'success',
  inactive: 'default',
  expired: 'warning',
  used_up: 'error',
};

/** Chip naming whether the code would be accepted now, or why not. */
export function CodeStateChip({ record }: { record: DiscountCodeRecord }) {
  const translate = useTranslate();
  const state = codeState(record);
  return <Chip size="small" color={COLOR[state]} label={translate(`app.discount_codes.state.${state}`)} data-testid="code-state" />;
}
