import type { Locator, Page } from 'playwright-core';

/**
 * Date fields as a person meets them (issue 27 item 1): a group of three labelled parts — day, month and
 * year — in the order of the page's language, named in the DOM by `data-date-input="<field name>"`; the
 * form's value (spec §3 MM/DD/YYYY) is in the group's hidden input `[name="<field name>"]`.
 */

/** The group of date field `name` in `scope`. */
export function dateGroup(scope: Page | Locator, name: string): Locator {
  return scope.locator(`[data-date-input="${name}"]`).first();
}

/** The parts of `text`: `MM/DD/YYYY` (possibly incomplete) or eight digits `MMDDYYYY` as typed on a keypad. */
export function datePartsOfText(text: string): { month: string; day: string; year: string } {
  if (/^\d{8}$/.test(text)) return { month: text.slice(0, 2), day: text.slice(2, 4), year: text.slice(4) };
  const [month = '', day = '', year = ''] = text.split('/');
  return { month, day, year };
}

/**
 * Enters `text` (see {@link datePartsOfText}) into date field `name` like a person: each part in the
 * page's order, clicked (or tapped), cleared, then typed one key per `delayMs`.
 */
export async function typeDate(scope: Page | Locator, name: string, text: string, delayMs = 0): Promise<void> {
  const values = datePartsOfText(text);
  const parts = dateGroup(scope, name).locator('[data-date-part]');
  await parts.first().scrollIntoViewIfNeeded();
  for (let i = 0; i < 3; i += 1) {
    const part = parts.nth(i);
    const which = (await part.getAttribute('data-date-part')) as keyof typeof values;
    await part.click();
    await part.press('ControlOrMeta+a');
    await part.press('Backspace');
    if (values[which]) await part.pressSequentially(values[which], { delay: delayMs });
  }
}

/** The form's value of date field `name` (MM/DD/YYYY, as the server gets it). */
export function dateValue(scope: Page | Locator, name: string): Promise<string> {
  return scope.locator(`input[type="hidden"][name="${name}"]`).first().inputValue();
}
