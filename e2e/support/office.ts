import type { Locator, Page } from 'playwright-core';

/**
 * On an application's page in the admin console (English), records `decision` (the option's label, e.g.
 * "Admitted") in the decision panel and waits until the panel says it is not released yet.
 * @returns the decision panel
 */
export async function recordDecision(page: Page, decision: string): Promise<Locator> {
  const panel = page.getByTestId('decision-panel');
  await panel.waitFor();
  await panel.getByRole('combobox', { name: 'Decision' }).click();
  await page.getByRole('option', { name: decision }).click();
  await panel.getByRole('button', { name: 'Record decision' }).click();
  await panel.getByText('Not released: the applicant cannot see it.').waitFor();
  return panel;
}

/** Releases the recorded decision now (confirmed in the dialog) and waits until the release job has run. */
export async function releaseDecisionNow(page: Page): Promise<void> {
  const panel = page.getByTestId('decision-panel');
  await panel.getByRole('button', { name: 'Release…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Release', exact: true }).click();
  await panel.getByText(/Released to the applicant/).waitFor({ timeout: 15_000 });
}
