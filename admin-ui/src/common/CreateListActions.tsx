/**
 * The top toolbar most console lists share: a Create button, and the "add filter" button when the list
 * has filters that are not always shown.
 */
import { CreateButton, FilterButton, TopToolbar } from 'react-admin';

/** @param withFilterButton show react-admin's FilterButton (for lists with optional filters) */
export function CreateListActions({ withFilterButton = false }: { withFilterButton?: boolean }) {
  return (
    <TopToolbar>
      {withFilterButton && <FilterButton />}
      <CreateButton />
    </TopToolbar>
  );
}
