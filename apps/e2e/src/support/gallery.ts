import { type Locator, type Page } from 'playwright-core';

/**
 * The dashboard gallery (#36.2): a card shows Preview, Copy Link and Edit; its other actions
 * (Embed Code, Make Public/Private, History, a collection, Delete) are items of its ⋯ menu, which
 * Radix puts in a portal on <body> — so the item is found on the page, not inside the card.
 */
export async function cardAction(card: Locator, item: string): Promise<void> {
  await card.getByRole('button', { name: /^More actions for / }).click();
  const menu = card.page().getByRole('menu');
  await menu.getByRole('menuitem', { name: item, exact: true }).click();
  await menu.waitFor({ state: 'detached' });
}

/** The Filters popover (sort, format, tag, collection, visibility, dates), opened if it is not. */
export async function filtersPopover(page: Page): Promise<Locator> {
  const popover = page.getByRole('dialog', { name: 'Filters' });
  if (!(await popover.isVisible())) await page.getByRole('button', { name: /^Filters/ }).click();
  await popover.waitFor();
  return popover;
}

/** Closes the Filters popover (Escape, as a person would), if it is open. */
export async function closeFilters(page: Page): Promise<void> {
  const popover = page.getByRole('dialog', { name: 'Filters' });
  if (!(await popover.isVisible())) return;
  await page.keyboard.press('Escape');
  await popover.waitFor({ state: 'detached' });
}
