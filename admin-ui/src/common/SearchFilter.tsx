/**
 * react-admin's SearchInput (the `q` filter) with an accessible name: SearchInput shows only a
 * placeholder, which is not a label, so the input gets `aria-label` "Search" in the admin's language.
 */
import { SearchInput, useTranslate, type SearchInputProps } from 'react-admin';

/** The full-text filter of a list; give `source` (`q`) on the element, as react-admin's filter form reads it there. */
export function SearchFilter(props: SearchInputProps) {
  const translate = useTranslate();
  return <SearchInput slotProps={{ htmlInput: { 'aria-label': translate('ra.action.search') } }} {...props} />;
}
