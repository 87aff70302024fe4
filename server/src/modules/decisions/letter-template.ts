import type Handlebars from 'handlebars';
import { createRequire } from 'node:module';

/**
 * The merge fields a decision letter may use (issue 15 item 3): `{{fullName}}` (the name in its own order,
 * issue 27), `{{firstName}}` … `{{referenceNumber}}`.
 */
export const MERGE_FIELDS = ['fullName', 'firstName', 'lastName', 'program', 'semester', 'referenceNumber'] as const;
/** One of {@link MERGE_FIELDS}. */
export type MergeField = (typeof MERGE_FIELDS)[number];
/** The values a letter is rendered with. */
export type MergeValues = Record<MergeField, string>;

let isolated: typeof Handlebars | undefined;

/**
 * An isolated Handlebars environment: no helpers or partials anyone else registered. Handlebars is loaded
 * on the first template checked or rendered, not at start-up (issue 12: lazy start-up).
 */
function engine(): typeof Handlebars {
  isolated ??= (createRequire(import.meta.url)('handlebars') as typeof Handlebars).create();
  return isolated;
}

/** Kinds of Handlebars AST nodes that only carry text (allowed anywhere). */
const TEXT_NODES = new Set(['ContentStatement', 'CommentStatement']);

/**
 * What is wrong with a template text, for a 422: it must parse as Handlebars and use nothing but
 * `{{field}}` with a field of `fields` (no blocks, helpers, partials, paths or `{{{raw}}}`).
 * @param fields the allow-list of variables (default the letters' {@link MERGE_FIELDS}; the outreach
 *        messages of issue 30 pass their own, `outreach/message-variables.ts`)
 * @returns the problems (unknown fields by name, or a parse error); empty when the text is valid
 */
export function templateProblems(text: string, fields: readonly string[] = MERGE_FIELDS): string[] {
  const program = parse(text);
  if (typeof program === 'string') return [program];
  const problems: string[] = [];
  for (const node of program.body) {
    if (TEXT_NODES.has(node.type)) continue;
    if (node.type !== 'MustacheStatement') {
      problems.push(`unsupported: ${node.type}`);
      continue;
    }
    const mustache = node as hbs.AST.MustacheStatement;
    const path = mustache.path as hbs.AST.PathExpression;
    const name = path.type === 'PathExpression' ? path.original : String((mustache.path as { original?: unknown }).original);
    if (path.type !== 'PathExpression' || mustache.params.length || mustache.hash || !mustache.escaped || !fields.includes(name))
      problems.push(name);
  }
  return problems;
}

/** How many texts {@link keptByText} keeps per use (a campaign renders one text thousands of times). */
const KEPT_TEXTS = 200;

/**
 * `make` with its answers kept, keyed by the template's text itself (an edited template is another text; the
 * oldest entry goes when {@link KEPT_TEXTS} are kept).
 */
function keptByText<T>(make: (text: string) => T): (text: string) => T {
  const kept = new Map<string, T>();
  return (text) => {
    if (kept.has(text)) return kept.get(text)!;
    const made = make(text);
    if (kept.size >= KEPT_TEXTS) kept.delete(kept.keys().next().value!);
    kept.set(text, made);
    return made;
  };
}

/** A template's syntax tree, or its parse error (`syntax: …`), kept: a campaign checks one text per message. */
const parse = keptByText((text): hbs.AST.Program | string => {
  try {
    return engine().parse(text);
  } catch (error) {
    return `syntax: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
  }
});

/**
 * The names of the `{{field}}`s a template uses (an empty set for one that does not parse), kept: a campaign asks
 * of one text per message whether it needs a value that costs something to make.
 */
export const fieldsOf = keptByText((text): ReadonlySet<string> => {
  const program = parse(text);
  const names = new Set<string>();
  if (typeof program === 'string') return names;
  for (const node of program.body)
    if (node.type === 'MustacheStatement') names.add(String(((node as hbs.AST.MustacheStatement).path as { original?: unknown }).original));
  return names;
});

/** A compiled letter template (strict: a missing value throws rather than printing nothing), kept. */
const compile = keptByText((text) => engine().compile(text, { strict: true, knownHelpersOnly: true, noEscape: true }));

/**
 * A template's text with the values merged (plain text).
 * @param text a template that passed {@link templateProblems} (with the fields `values` holds)
 */
export function mergeLetter(text: string, values: Readonly<Record<string, string>>): string {
  return compile(text)(values);
}

/**
 * Renders a letter: the plain text with the values merged, and the same as HTML where every character of
 * the template and of the values is escaped (Handlebars' `escapeExpression`) and blank lines make paragraphs.
 * @param text a template that passed {@link templateProblems} (with the fields `values` holds)
 */
export function renderLetter(text: string, values: Readonly<Record<string, string>>): { text: string; html: string } {
  const merged = mergeLetter(text, values);
  const html = merged
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${engine().Utils.escapeExpression(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  return { text: merged, html };
}
