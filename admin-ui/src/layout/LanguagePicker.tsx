/**
 * Language picker of the app bar: switches react-admin's locale and saves it in the `locale`
 * cookie (365 days) shared with the applicant app, so both apps and every API call follow it.
 */
import { useState, type MouseEvent } from 'react';
import TranslateIcon from '@mui/icons-material/Translate';
import { Button, Menu, MenuItem, useMediaQuery, type Theme } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { LOCALES, type AppLocale } from '../config';
import { setLocaleCookie } from '../cookies';
import { LOCALE_NAMES, toAppLocale } from '../i18n/locales';

/** Button plus menu listing en, es, zh-CN, each in its own language. */
export function LanguagePicker() {
  const translate = useTranslate();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = toAppLocale(locale) ?? 'en';
  // on a phone the button is the icon alone (its accessible name still says the language), leaving the title room
  const compact = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));

  const choose = (next: AppLocale) => {
    setAnchor(null);
    setLocaleCookie(next);
    setLocale(next);
  };

  return (
    <>
      <Button
        color="inherit"
        startIcon={compact ? undefined : <TranslateIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? 'language-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        aria-label={translate('app.header.language_current', { language: LOCALE_NAMES[current] })}
        onClick={(e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget)}
        sx={{ textTransform: 'none', minWidth: 0 }}
      >
        {compact ? <TranslateIcon /> : <span lang={current}>{LOCALE_NAMES[current]}</span>}
      </Button>
      <Menu id="language-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {LOCALES.map((l) => (
          <MenuItem key={l} lang={l} selected={l === current} onClick={() => choose(l)}>
            {LOCALE_NAMES[l]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
