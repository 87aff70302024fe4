/**
 * The toolbar of the catalogue's edit forms: Save only — the API has no DELETE (records are archived, as
 * applications keep naming them). A save that archives the record, or closes an open offering, first asks
 * for a confirmation saying what it does ({@link saveQuestion}).
 */
import { useRef, useState, type MouseEvent } from 'react';
import { Confirm, SaveButton, Toolbar, useRecordContext } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { saveQuestion, type SaveQuestion } from './catalogue';

/** Props of {@link CatalogueToolbar}. */
export interface CatalogueToolbarProps<R> {
  /** Section of `app` with `confirm_archive` (and, for offerings, `confirm_close`): `programs`, `terms`, `offerings`. */
  messages: 'programs' | 'terms' | 'offerings';
  /** How the record is named in the question. */
  name: (record: R) => string;
}

/** Save plus the confirmation dialog. */
export function CatalogueToolbar<R extends { archived: boolean; open?: boolean }>({ messages, name }: CatalogueToolbarProps<R>) {
  const record = useRecordContext<R & { id: number }>();
  const form = useFormContext();
  const button = useRef<HTMLButtonElement>(null);
  const confirmed = useRef(false);
  const [question, setQuestion] = useState<SaveQuestion | null>(null);

  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (confirmed.current) {
      confirmed.current = false;
      return;
    }
    const asked = saveQuestion(record, form.getValues());
    if (asked) {
      event.preventDefault();
      setQuestion(asked);
    }
  };

  return (
    <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
      {/* type="button": the form is only submitted through this click, so Enter cannot skip the question. */}
      <SaveButton type="button" ref={button} onClick={onClick} />
      <Confirm
        isOpen={question !== null}
        title={`app.catalogue.confirm.${question ?? 'archive'}_title`}
        content={`app.${messages}.confirm_${question ?? 'archive'}`}
        translateOptions={{ name: record ? name(record) : '' }}
        confirm={`app.catalogue.confirm.${question ?? 'archive'}`}
        confirmColor="warning"
        onConfirm={() => {
          setQuestion(null);
          confirmed.current = true;
          button.current?.click();
        }}
        onClose={() => setQuestion(null)}
      />
    </Toolbar>
  );
}
