/**
 * A date-time input in the admin's own time zone: a native `datetime-local` field whose value is
 * stored as a UTC ISO instant (or null when cleared), with the zone named in the helper text.
 */
import { TextInput, useTranslate, type TextInputProps } from 'react-admin';
import { isoToLocalInput, localInputToIso, viewerZone } from './localDateTime';

/** Props of {@link LocalDateTimeInput}: a react-admin TextInput's, minus the value conversion. */
export type LocalDateTimeInputProps = Omit<TextInputProps, 'type' | 'format' | 'parse'>;

/** react-admin input for an optional instant, entered in the browser's time zone. */
export function LocalDateTimeInput({ helperText, ...props }: LocalDateTimeInputProps) {
  const translate = useTranslate();
  const zone = viewerZone();
  const zoneText = translate('app.common.time_zone_help', { zone });
  return (
    <TextInput
      type="datetime-local"
      format={(v: unknown) => isoToLocalInput(v, zone)}
      parse={(v: string) => localInputToIso(v, zone)}
      helperText={typeof helperText === 'string' ? `${translate(helperText, { _: helperText })} ${zoneText}` : zoneText}
      sx={{ width: { xs: '100%', sm: 320 } }}
      slotProps={{ inputLabel: { shrink: true } }}
      {...props}
    />
  );
}
