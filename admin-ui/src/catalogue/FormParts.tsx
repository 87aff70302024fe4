/**
 * Parts of the catalogue's forms: a section heading, a text in the three languages (one labelled input
 * each, marked with its language for screen readers and spell checkers), and the chips of the lists.
 */
import { Chip, Typography } from '@mui/material';
import { TextInput, useTranslate } from 'react-admin';
import { TEXT_MAX } from './catalogue';
import { TEXT_LOCALES } from './types';

/** A heading between groups of fields (`h2`: the page's `h1` is its title). */
export function FormHeading({ label }: { label: string }) {
  const translate = useTranslate();
  return (
    <Typography variant="h6" component="h2" sx={{ mt: 2, mb: 1 }}>
      {translate(label)}
    </Typography>
  );
}

/** Props of {@link LocalizedTextInputs}. */
export interface LocalizedTextInputsProps {
  /** The object holding `en`, `es` and `zh-CN` (e.g. `labels`, `titles`). */
  source: string;
  /** Message key naming the text ("Name", "Popup title"); each input is labelled "<name> (<language>)". */
  label: string;
  helperText?: string;
}

/** Three text inputs, one a language, each labelled with the language it is in. */
export function LocalizedTextInputs({ source, label, helperText }: LocalizedTextInputsProps) {
  const translate = useTranslate();
  return (
    <>
      {TEXT_LOCALES.map((locale) => (
        <TextInput
          key={locale}
          source={`${source}.${locale}`}
          label={translate('app.catalogue.in_language', {
            field: translate(label),
            language: translate(`app.catalogue.language.${locale}`),
          })}
          helperText={locale === 'en' ? (helperText ?? false) : false}
          fullWidth
          sx={{ maxWidth: 640 }}
          slotProps={{ htmlInput: { maxLength: TEXT_MAX, lang: locale } }}
        />
      ))}
    </>
  );
}

/** "Archived" (neutral) or "Active" (green) for a program, term or offering. */
export function ArchivedChip({ archived }: { archived: boolean }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={archived ? 'default' : 'success'}
      label={translate(archived ? 'app.catalogue.archived' : 'app.catalogue.active')}
      data-testid="archived-chip"
    />
  );
}
