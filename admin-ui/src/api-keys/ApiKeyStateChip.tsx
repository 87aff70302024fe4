/**
 * The state of an API key as a chip: active, expired or revoked.
 */
import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ApiKeyRecord, ApiKeyState } from './types';

const COLOR: Record<ApiKeyState, 'success' | 'warning' | 'default'> = { active: 'success', expired: 'warning', revoked: 'default' };

/** Chip naming whether the key is accepted now, or why not. */
export function ApiKeyStateChip({ record }: { record: ApiKeyRecord }) {
  const translate = useTranslate();
  return (
    <Chip size="small" color={COLOR[record.state]} label={translate(`app.api_keys.state.${record.state}`)} data-testid="api-key-state" />
  );
}
