import type { Page } from 'playwright-core';

/**
 * Fills the reader's review form with the keyboard only, as a person would: focuses the first rating of
 * `firstCriterion`, then for each criterion Space picks 1 and ArrowRight moves up to the rating in `ratings`
 * (1–5, in the form's order), Tab goes to the next group; Space picks the first recommendation (Admit),
 * `comments` is typed in the comments box and Tab moves to the Save button (the caller presses Enter).
 */
export async function rateWithKeyboard(page: Page, firstCriterion: string, ratings: number[], comments: string): Promise<void> {
  await page.getByRole('radio', { name: `1 of 5: ${firstCriterion}` }).focus();
  for (const rating of ratings) {
    await page.keyboard.press('Space');
    for (let i = 1; i < rating; i += 1) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Space'); // Admit
  await page.keyboard.press('Tab');
  await page.keyboard.type(comments);
  await page.keyboard.press('Tab');
}
