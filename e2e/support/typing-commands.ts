/**
 * fast-check commands of the typing test (issue 10 item 8), run by `fc.asyncModelRun` against a real
 * chromium page: type a field at 30–80 ms per character, pause 0.2–2.5 s, type an invalid value and
 * correct it (with a neighbour typed meanwhile), change step (step links, "Save and continue", Back),
 * reload, open a second tab and compare, switch the language, and check the status line's claim against
 * the server's record. The model (`typing-model.ts`) holds what the applicant typed; every command
 * counts what it did in {@link TypingStats}.
 */
import fc from 'fast-check';
import type { BrowserContext, Page } from 'playwright-core';
import { claimsSaved, readSaveStatus, waitForQuietStatus, type SaveStatusReading } from './save-status.js';
import { storedValue, type FieldKind, type FieldSpec, type ProgramSpec, type TypingModel } from './typing-model.js';
import { typeDate } from './date-fields.js';

/** Counters of a run (written to the summary JSON). */
export interface TypingStats {
  sequences: number;
  commands: number;
  fieldsTyped: number;
  chars: number;
  invalidThenCorrected: number;
  pauses: number;
  stepChanges: number;
  stepChangesRefused: number;
  reloads: number;
  reloadMismatches: number;
  secondTabChecks: number;
  secondTabMismatches: number;
  languageSwitches: number;
  statusChecks: number;
  /** Fields whose server value differed from the model at the end of a sequence. */
  fieldLosses: number;
  /** Status checks that claimed "saved" while a typed answer was not on the server. */
  wrongStatusClaims: number;
  /** Of those: claims made while a typed answer (valid, or corrected) was not on the server. */
  wrongClaimsHidingUnsaved: number;
  /** Of those: claims made while an invalid answer was held back (typed, so not saved). */
  wrongClaimsHidingInvalid: number;
  /** PATCH answers ≥ 400 seen by the page (409 conflicts, 422 refusals, …). */
  failedSaves: number;
  /** Dialogs that opened during a sequence (conflict, error). */
  dialogs: number;
}

/** A fresh set of counters. */
export const emptyStats = (): TypingStats => ({
  sequences: 0,
  commands: 0,
  fieldsTyped: 0,
  chars: 0,
  invalidThenCorrected: 0,
  pauses: 0,
  stepChanges: 0,
  stepChangesRefused: 0,
  reloads: 0,
  reloadMismatches: 0,
  secondTabChecks: 0,
  secondTabMismatches: 0,
  languageSwitches: 0,
  statusChecks: 0,
  fieldLosses: 0,
  wrongStatusClaims: 0,
  wrongClaimsHidingUnsaved: 0,
  wrongClaimsHidingInvalid: 0,
  failedSaves: 0,
  dialogs: 0,
});

/** The browser side of a sequence. */
export interface TypingReal {
  page: Page;
  context: BrowserContext;
  baseUrl: string;
  token: string;
  stats: TypingStats;
  /** Notable events (wrong claims, mismatches, dialogs), for the failure message and the summary. */
  notes: string[];
  /** Set while a run's wrong claims are counted (per sequence). */
  wrongClaims: number;
  /** Where the sequence is (`seq 3, #5 type(…)`), prefixed to every note. */
  at: string;
}

/** GET /api/token/check: the record the server holds. */
export async function serverRecord(real: Pick<TypingReal, 'baseUrl' | 'token'>): Promise<Record<string, unknown>> {
  const response = await fetch(`${real.baseUrl}/api/token/check?token=${encodeURIComponent(real.token)}`);
  if (!response.ok) throw new Error(`token check answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

/** The step number in the page's URL (`/application/<n>?token=…`). */
export function stepInUrl(page: Page): number {
  const m = /\/application\/(\d+)/.exec(new URL(page.url()).pathname);
  return m ? Number(m[1]) : 0;
}

const note = (real: TypingReal, text: string) => {
  if (real.notes.length < 200) real.notes.push(`[${real.at}] ${text}`);
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until the form of the step in the URL (and its status line) shows: after a step change the URL
 * moves first, and the previous step's form may still be on the page for a moment (a command that looked
 * for the previous step's Back button then found one that went away under its click).
 */
export async function waitForStepForm(page: Page): Promise<void> {
  const step = stepInUrl(page);
  const form = step > 0 ? `form.step-form[aria-labelledby="step-${step}-title"]` : 'form.step-form';
  await page.locator(form).first().waitFor({ timeout: 20_000 });
}

/** Names among `fields` that are shown on the page now. */
async function visibleFields(page: Page, fields: FieldSpec[]): Promise<FieldSpec[]> {
  const names = await page.evaluate(
    (list: string[]) => {
      return list.filter((n) => {
        const named = document.querySelector<HTMLElement>(`form.step-form [name="${CSS.escape(n)}"]`);
        // a date's named element is its hidden input: the group of its three parts is what shows
        const el = named instanceof HTMLInputElement && named.type === 'hidden' ? named.closest<HTMLElement>('.date-input') : named;
        return el !== null && el.getClientRects().length > 0;
      });
    },
    fields.map((f) => f.name),
  );
  return fields.filter((f) => names.includes(f.name));
}

/** Types `text` into a field like a person: focus, select all and delete, then one key per `delayMs`. */
async function typeInto(page: Page, name: string, text: string, delayMs: number): Promise<void> {
  const form = page.locator('form.step-form').first();
  if ((await form.locator(`[data-date-input="${name}"]`).count()) > 0) {
    await typeDate(form, name, text, delayMs); // a date: month, day and year in their own fields (issue 27)
    return;
  }
  const field = page.locator(`form.step-form [name="${name}"]`).first();
  await field.scrollIntoViewIfNeeded();
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.press('Backspace');
  await page.keyboard.type(text, { delay: delayMs });
}

/**
 * Types `value` into field `f` (see {@link typeInto}), records it in the model (valid, or invalid and
 * held back), counts it, then pauses `pauseMs`.
 */
async function typeAndRecord(
  m: TypingModel,
  r: TypingReal,
  f: FieldSpec,
  value: string,
  valid: boolean,
  delayMs: number,
  pauseMs: number,
): Promise<void> {
  await typeInto(r.page, f.name, value, delayMs);
  if (valid) m.typedValid(f.name, value);
  else m.typedInvalid(f.name);
  r.stats.fieldsTyped++;
  r.stats.chars += value.length;
  await sleep(pauseMs);
}

/** The field values the page shows, in stored form. */
async function pageValues(page: Page, fields: FieldSpec[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const f of await visibleFields(page, fields)) {
    out.set(f.name, storedValue(f.kind, await page.locator(`form.step-form [name="${f.name}"]`).first().inputValue(), f.e164));
  }
  return out;
}

/** Closes an open dialog (noting it): the conflict dialog is answered "keep mine", anything else dismissed. */
async function closeDialogs(real: TypingReal): Promise<void> {
  const dialog = real.page.locator('[role="dialog"]:visible, [role="alertdialog"]:visible').first();
  if ((await dialog.count()) === 0) return;
  real.stats.dialogs++;
  const text = (await dialog.innerText()).replace(/\s+/g, ' ').slice(0, 160);
  note(real, `dialog on step ${stepInUrl(real.page)}: ${text}`);
  const buttons = dialog.getByRole('button');
  const n = await buttons.count();
  // the conflict dialog's second button keeps my answers; other dialogs have one button that closes them
  if (n > 0) await buttons.nth(n > 1 ? 1 : 0).click();
  await sleep(300);
}

/**
 * Compares the status line's claim with the server: a "saved" claim is wrong when any typed answer of
 * the model is not on the server, or when an invalid answer is held back (typed, so not saved).
 * The status is read first, then the record, so a save finishing in between can only help the page.
 */
export async function checkStatusClaim(model: TypingModel, real: TypingReal, where: string): Promise<SaveStatusReading> {
  const reading = await readSaveStatus(real.page);
  const record = await serverRecord(real);
  real.stats.statusChecks++;
  if (claimsSaved(reading)) {
    const missing = model.differences(record).filter((d) => model.typed.has(d.field));
    const invalid = [...model.invalid];
    if (missing.length > 0 || invalid.length > 0) {
      real.stats.wrongStatusClaims++;
      if (missing.length > 0) real.stats.wrongClaimsHidingUnsaved++;
      if (invalid.length > 0) real.stats.wrongClaimsHidingInvalid++;
      real.wrongClaims++;
      note(
        real,
        `wrong claim "${reading.text}" (${where}, step ${model.step}): ` +
          [
            ...missing.map((d) => `${d.field} server=${JSON.stringify(d.actual)} typed=${JSON.stringify(d.expected)}`),
            ...invalid.map((f) => `${f} invalid, held back`),
          ].join('; '),
      );
    }
  }
  return reading;
}

// ---------------------------------------------------------------------------------------------------
// Values

/** One candidate value of each kind (the command picks the one its field needs). */
export interface ValueBundle {
  text: string;
  email: string;
  phone: string;
  date: string;
  /** A date of birth (1960–2006: an applicant, not a toddler). */
  birthDate: string;
  zip: string;
}

/** The value of `bundle` a field needs. */
export const valueFor = (bundle: ValueBundle, f: FieldSpec): string => (f.birth ? bundle.birthDate : bundle[f.kind]);

const FIRST = ['Miriam', 'Chana', 'Devorah', 'Moshe', 'Avraham', 'Zoë', 'José', 'Yael', 'Sarah', 'Dovid', 'Li Wei', 'Noa'];
const LAST = ['Stern', 'Gold', 'Katz', 'Núñez', 'Friedman', 'Cohen', 'Levy', 'Chen', 'Adler', 'Weiss'];
const WORDS = [
  'Aunt',
  'Neighbor',
  'Brooklyn College',
  'Touro University',
  'Kingsborough',
  'Professor',
  'Mentor',
  'Rabbi',
  'Hunter College',
];

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** A real date between the years, typed MM/DD/YYYY or digits-only (always digits-only when `digitsOnly`). */
const dateArb = (from: number, to: number, digitsOnly: boolean): fc.Arbitrary<string> =>
  fc
    .record({
      y: fc.integer({ min: from, max: to }),
      m: fc.integer({ min: 1, max: 12 }),
      d: fc.integer({ min: 1, max: 28 }),
      digits: fc.boolean(),
    })
    .map(({ y, m, d, digits }) => (digitsOnly || digits ? `${twoDigits(m)}${twoDigits(d)}${y}` : `${twoDigits(m)}/${twoDigits(d)}/${y}`));

/** Valid values: names and words (some accented), example.com addresses, US phones, real past dates, zips. */
export const valueBundle = (digitsOnlyDates: boolean): fc.Arbitrary<ValueBundle> =>
  fc.record({
    text: fc.oneof(
      fc.tuple(fc.constantFrom(...FIRST), fc.constantFrom(...LAST)).map(([a, b]) => `${a} ${b}`),
      fc.constantFrom(...WORDS),
    ),
    email: fc
      .tuple(fc.constantFrom('miriam', 'chana', 'moshe', 'yael', 'dovid'), fc.integer({ min: 1, max: 999 }))
      .map(([a, n]) => `${a}.${n}@example.com`),
    phone: fc
      .tuple(fc.constantFrom('718', '212', '646', '732'), fc.integer({ min: 0, max: 9999 }))
      .map(([a, n]) => `${a}-555-${String(n).padStart(4, '0')}`),
    date: dateArb(1980, 2024, digitsOnlyDates),
    birthDate: dateArb(1960, 2006, digitsOnlyDates),
    zip: fc.integer({ min: 10000, max: 99999 }).map(String),
  });

/** Invalid values of the kinds that have a format (issue 10: `miriam.g@example`, Feb 30, short phone/zip). */
const INVALID: Record<Exclude<FieldKind, 'text'>, string[]> = {
  email: ['miriam.g@example', 'miriam.g@', 'miriam at example.com'],
  phone: ['555-01', '12'],
  date: ['02302019', '13012020'],
  zip: ['1123', '112'],
};

// ---------------------------------------------------------------------------------------------------
// Commands

type Cmd = fc.AsyncCommand<TypingModel, TypingReal>;

/** Type a valid value into a field of the current step (picked, or named), then pause and check the status. */
export class TypeCommand implements Cmd {
  constructor(
    readonly pick: number,
    readonly values: ValueBundle,
    readonly delay: number,
    readonly pause: number,
    /** A named field and value (the scripted examples) instead of the picked one. */
    readonly named?: { field: string; value: string },
  ) {}
  check = () => true;
  async run(m: TypingModel, r: TypingReal): Promise<void> {
    r.stats.commands++;
    const fields = await visibleFields(r.page, m.fieldsOfStep());
    const f = this.named ? namedField(r, fields, this.named.field, m.step) : fields[this.pick % Math.max(1, fields.length)];
    if (!f) return;
    await typeAndRecord(m, r, f, this.named?.value ?? valueFor(this.values, f), true, this.delay, this.pause);
    await checkStatusClaim(m, r, `after typing ${f.name}`);
    await closeDialogs(r);
  }
  toString = () =>
    this.named
      ? `type(${this.named.field}, ${JSON.stringify(this.named.value)}, ${this.delay} ms/char, pause ${this.pause} ms)`
      : `type(#${this.pick}, ${JSON.stringify(this.values)}, ${this.delay} ms/char, pause ${this.pause} ms)`;
}

/**
 * The named field among the shown ones, or undefined (noted) when it is not shown — e.g. the step change
 * before it was refused because an answer could not be saved; the final comparison then tells what
 * was lost.
 */
function namedField(r: TypingReal, fields: FieldSpec[], name: string, step: number): FieldSpec | undefined {
  const f = fields.find((x) => x.name === name);
  if (!f) note(r, `${name} is not shown on step ${step}; skipped`);
  return f;
}

/** Type an invalid value, pause, type a neighbour (same group when there is one), check, then correct it. */
export class InvalidThenCorrectCommand implements Cmd {
  constructor(
    readonly pick: number,
    readonly invalidPick: number,
    readonly neighbourPick: number,
    readonly values: ValueBundle,
    readonly neighbourValues: ValueBundle,
    readonly delay: number,
    readonly pause: number,
    /** Named fields and values (the scripted examples). */
    readonly named?: { field: string; bad: string; neighbour: string; neighbourValue: string; good: string },
  ) {}
  check = () => true;
  async run(m: TypingModel, r: TypingReal): Promise<void> {
    r.stats.commands++;
    const fields = await visibleFields(r.page, m.fieldsOfStep());
    const formatted = fields.filter((f) => f.kind !== 'text');
    const f = this.named ? namedField(r, fields, this.named.field, m.step) : formatted[this.pick % Math.max(1, formatted.length)];
    if (!f || f.kind === 'text') return;
    const kind = f.kind;
    const bad = this.named?.bad ?? INVALID[kind][this.invalidPick % INVALID[kind].length]!;
    await typeAndRecord(m, r, f, bad, false, this.delay, this.pause);
    const group = f.name.includes('.') ? f.name.slice(0, f.name.lastIndexOf('.') + 1) : null;
    const others = fields.filter((x) => x.name !== f.name);
    const sameGroup = group ? others.filter((x) => x.name.startsWith(group)) : [];
    const pool = sameGroup.length > 0 ? sameGroup : others;
    const n = this.named ? namedField(r, pool, this.named.neighbour, m.step) : pool[this.neighbourPick % Math.max(1, pool.length)];
    if (n) await typeAndRecord(m, r, n, this.named?.neighbourValue ?? valueFor(this.neighbourValues, n), true, this.delay, this.pause);
    await checkStatusClaim(m, r, `with ${f.name} invalid (${bad})`);
    await typeAndRecord(m, r, f, this.named?.good ?? valueFor(this.values, f), true, this.delay, this.pause);
    r.stats.invalidThenCorrected++;
    await checkStatusClaim(m, r, `after correcting ${f.name}`);
    await closeDialogs(r);
  }
  toString = () =>
    this.named
      ? `invalidThenCorrect(${JSON.stringify(this.named)}, ${this.delay} ms/char, pause ${this.pause} ms)`
      : `invalidThenCorrect(#${this.pick}, bad #${this.invalidPick}, neighbour #${this.neighbourPick}, ${JSON.stringify(this.values)}, ${JSON.stringify(this.neighbourValues)}, ${this.delay} ms/char, pause ${this.pause} ms)`;
}

/** A person's pause. */
export class PauseCommand implements Cmd {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(_m: TypingModel, r: TypingReal): Promise<void> {
    r.stats.commands++;
    r.stats.pauses++;
    await sleep(this.ms);
  }
  toString = () => `pause(${this.ms} ms)`;
}

/** Check the status line's claim now. */
export class StatusCheckCommand implements Cmd {
  check = () => true;
  async run(m: TypingModel, r: TypingReal): Promise<void> {
    r.stats.commands++;
    await checkStatusClaim(m, r, 'status check');
  }
  toString = () => 'checkStatus';
}

/** Change step: a step link, "Save and continue" or Back. */
export class StepChangeCommand implements Cmd {
  constructor(
    readonly how: 'link' | 'next' | 'back',
    readonly pick: number,
    /** For `link`: the step to go to (the scripted examples) instead of the picked link. */
    readonly to?: number,
  ) {}
  check = () => true;
  async run(m: TypingModel, r: TypingReal): Promise<void> {
    r.stats.commands++;
    const page = r.page;
    const before = stepInUrl(page);
    let button;
    if (this.how === 'link' && this.to !== undefined) {
      button = page.locator('.step-indicator li').nth(m.program.steps.indexOf(this.to)).getByRole('button');
    } else if (this.how === 'link') {
      const links = page.locator('.step-indicator button:visible');
      const n = await links.count();
      if (n === 0) return;
      button = links.nth(this.pick % n);
    } else if (this.how === 'next') {
      // never the review page's submit (that certifies)
      if (before >= 7) return;
      button = page.locator('form.step-form button[type="submit"]').first();
    } else {
      button = page.locator('form.step-form .step-actions button[type="button"]').first();
      if ((await button.count()) === 0) return;
    }
    // the step bar re-renders while a save lands: a detached match is looked up again by the click
    await button.scrollIntoViewIfNeeded().catch(() => undefined);
    await button.click();
    const deadline = Date.now() + 6000;
    while (stepInUrl(page) === before && Date.now() < deadline) await sleep(100);
    const after = stepInUrl(page);
    if (after === before) {
      r.stats.stepChangesRefused++;
      await closeDialogs(r);
      await checkStatusClaim(m, r, `after ${this.how} stayed on step ${before}`);
      return;
    }
    r.stats.stepChanges++;
    await waitForStepForm(page);
    m.step = after;
    await closeDialogs(r);
  }
  toString = () => (this.to === undefined ? `step(${this.how}, #${this.pick})` : `step(${this.how}, to ${this.to})`);
}

/** Reload the page after the status line is quiet; the fields of the step must show the model's values. */
export class ReloadCommand implements Cmd {
  check = () => true;
  async run(m: TypingModel, r: TypingReal): Promise<void> {
    r.stats.commands++;
    await waitForQuietStatus(r.page);
    await r.page.reload();
    await waitForStepForm(r.page);
    r.stats.reloads++;
    m.step = stepInUrl(r.page);
    const shown = await pageValues(r.page, m.fieldsOfStep());
    for (const [name, value] of shown) {
      if (value !== m.expected.get(name)) {
        r.stats.reloadMismatches++;
        note(r, `after reload on step ${m.step}: ${name} shows ${JSON.stringify(value)}, typed ${JSON.stringify(m.expected.get(name))}`);
      }
    }
  }
  toString = () => 'reload';
}

/** Open the same step in a second tab once the status is quiet and compare its fields with the model. */
export class SecondTabCommand implements Cmd {
  check = () => true;
  async run(m: TypingModel, r: TypingReal): Promise<void> {
    r.stats.commands++;
    const reading = await waitForQuietStatus(r.page);
    const tab = await r.context.newPage();
    try {
      await tab.goto(r.page.url());
      await waitForStepForm(tab);
      r.stats.secondTabChecks++;
      const shown = await pageValues(tab, m.fieldsOfStep());
      const wrong = [...shown].filter(([name, value]) => value !== m.expected.get(name));
      r.stats.secondTabMismatches += wrong.length;
      for (const [name, value] of wrong) {
        note(
          r,
          `second tab on step ${m.step}: ${name} shows ${JSON.stringify(value)}, typed ${JSON.stringify(m.expected.get(name))} (status "${reading.text}")`,
        );
      }
      if (claimsSaved(reading) && wrong.length > 0) {
        r.stats.wrongStatusClaims++;
        r.stats.wrongClaimsHidingUnsaved++;
        r.wrongClaims++;
      }
    } finally {
      await tab.close();
    }
    await r.page.bringToFront();
  }
  toString = () => 'secondTab';
}

/** Switch the interface language with the header's select. */
export class LanguageCommand implements Cmd {
  constructor(readonly locale: TypingModel['locale']) {}
  check = (m: Readonly<TypingModel>) => m.locale !== this.locale;
  async run(m: TypingModel, r: TypingReal): Promise<void> {
    r.stats.commands++;
    const select = r.page.locator('.lang-switcher select').first();
    if ((await select.count()) === 0 || !(await select.isVisible())) return;
    await select.selectOption(this.locale);
    m.locale = this.locale;
    r.stats.languageSwitches++;
    await r.page.waitForFunction((l) => document.documentElement.lang === l, this.locale, { timeout: 5000 }).catch(() => undefined);
    await checkStatusClaim(m, r, `after switching to ${this.locale}`);
  }
  toString = () => `language(${this.locale})`;
}

/**
 * The command arbitrary of a program: mostly typing, with pauses, invalid-then-correct, step changes,
 * reloads, second tabs, language switches and status checks mixed in.
 * @param digitsOnlyDates type every date digits-only (a phone's number pad)
 */
export function typingCommands(digitsOnlyDates: boolean): fc.Arbitrary<Cmd> {
  const values = valueBundle(digitsOnlyDates);
  const delay = fc.integer({ min: 30, max: 80 });
  const pause = fc.integer({ min: 200, max: 2500 });
  return fc.oneof(
    { weight: 6, arbitrary: fc.tuple(fc.nat(), values, delay, pause).map(([p, v, d, w]) => new TypeCommand(p, v, d, w) as Cmd) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.nat(), fc.nat(), fc.nat(), values, values, delay, pause)
        .map(([p, i, n, v, nv, d, w]) => new InvalidThenCorrectCommand(p, i, n, v, nv, d, w) as Cmd),
    },
    { weight: 1, arbitrary: pause.map((ms) => new PauseCommand(ms) as Cmd) },
    { weight: 1, arbitrary: fc.constant(new StatusCheckCommand() as Cmd) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.constantFrom('link' as const, 'next' as const, 'back' as const), fc.nat())
        .map(([h, p]) => new StepChangeCommand(h, p) as Cmd),
    },
    { weight: 1, arbitrary: fc.constant(new ReloadCommand() as Cmd) },
    { weight: 1, arbitrary: fc.constant(new SecondTabCommand() as Cmd) },
    { weight: 1, arbitrary: fc.constantFrom('en' as const, 'es' as const, 'zh-CN' as const).map((l) => new LanguageCommand(l) as Cmd) },
  );
}

/**
 * The issue's own failures, scripted for one program (run before the random sequences, as fast-check
 * `examples`): on step 2 the emergency contact's name, a 1.5 s pause, then relationship, phone and
 * e-mail; a status check and a reload; a mistyped e-mail (`miriam.g@example`) while a neighbour of the
 * group is typed, then corrected; the date of birth typed digits-only (`03151998`) on step 1; then up to three
 * grouped fields of each step that has them (course rows, "where did you take it", references and
 * recommenders) with a pause after the first; a second tab.
 * @returns `[startStep, commands]`, the arguments of the property
 */
export function issueExample(program: ProgramSpec): [number, Cmd[]] {
  const values: ValueBundle = { text: '', email: '', phone: '', date: '', birthDate: '', zip: '' };
  const type = (field: string, value: string, pause = 300) => new TypeCommand(0, values, 40, pause, { field, value });
  const groupSteps = [3, 5, 6].filter((step) => program.fields.some((f) => f.step === step && f.name.includes('.')));
  const sample = (f: FieldSpec, i: number): string =>
    ({
      text: `Typed Answer ${i + 1}`,
      email: `typed.${i + 1}@example.com`,
      phone: `718-555-02${String(i).padStart(2, '0')}`,
      date: `0${(i % 9) + 1}15${2010 + i}`,
      zip: '11230',
    })[f.kind];
  return [
    2,
    [
      type('emergencyContact.name', 'Miriam Gold', 1500),
      type('emergencyContact.relationship', 'Aunt'),
      type('emergencyContact.phone', '718-555-0199'),
      type('emergencyContact.email', 'miriam.gold@example.com', 1500),
      new StatusCheckCommand(),
      new ReloadCommand(),
      new InvalidThenCorrectCommand(0, 0, 0, values, values, 40, 1500, {
        field: 'emergencyContact.email',
        bad: 'miriam.g@example',
        neighbour: 'emergencyContact.phone',
        neighbourValue: '718-555-0123',
        good: 'miriam.g@example.com',
      }),
      new StepChangeCommand('link', 0, 1),
      type('dateOfBirth', '03151998', 1500),
      ...groupSteps.flatMap((step) => [
        new StepChangeCommand('link', 0, step),
        ...program.fields
          .filter((f) => f.step === step && f.name.includes('.'))
          .slice(0, 3)
          .map((f, i) => type(f.name, sample(f, i), i === 0 ? 1500 : 300)),
      ]),
      new SecondTabCommand(),
    ],
  ];
}

/**
 * The commands of one sequence, each noting where it is in `real.at` (sequence number, index and the
 * command) before it runs, so that every note says which command of which sequence saw it.
 */
export function traced(sequence: number, commands: Iterable<Cmd>): Cmd[] {
  return [...commands].map((command, i) => ({
    check: (m: Readonly<TypingModel>) => command.check(m),
    run: (m: TypingModel, r: TypingReal) => {
      r.at = `seq ${sequence}, #${i + 1} ${command.toString()}`.slice(0, 300);
      return command.run(m, r);
    },
    toString: () => command.toString(),
  }));
}
