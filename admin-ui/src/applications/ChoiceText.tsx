/** A program's or semester's label in the admin's language, for a stored value (issue 11). */
import { useChoiceLabel, type RemoteChoices } from './choices';

/** Renders the label of `value` among the remote `kind` choices (the value itself until they load). */
export function ChoiceText({ kind, value }: { kind: keyof RemoteChoices; value: string | null | undefined }) {
  return <>{useChoiceLabel(kind, value)}</>;
}
