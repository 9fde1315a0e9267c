import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { isCurrentPeriod } from '@school/shared/lookups/compliance-periods';
import { isoDate } from '@school/shared/school/dates';
import { buildCompliancePeriods } from '../../apps/server/src/modules/lookups/sources/compliance-periods';

/** Waits until the locator is visible (playwright-core has no auto-waiting assertions); the context's timeout unless given. */
export async function visible(locator: Locator, timeout?: number) {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator.first();
}

/** Waits for the error under the field with this label and answers its text. */
export async function fieldError(scope: Locator, label: string) {
  const field = scope.locator('.field').filter({ has: scope.page().getByLabel(label, { exact: true }) });
  const error = await visible(field.locator('.field-error'));
  return (await error.textContent())?.trim();
}

export async function expectText(page: Page, text: string) {
  await visible(page.getByText(text, { exact: true }));
}

export async function dialog(page: Page, name: string) {
  return visible(page.getByRole('dialog', { name }));
}

export async function toast(page: Page, text: string, timeout?: number) {
  const item = await visible(page.locator('[data-sonner-toast]').filter({ hasText: text }), timeout);
  expect(await item.textContent()).toContain(text);
}

/** Closes the toast on show, as a student taps its close button: on a phone it covers the header's controls. */
export async function closeToast(page: Page) {
  const item = page.locator('[data-sonner-toast]');
  await item.getByRole('button', { name: 'Close toast' }).click();
  await item.waitFor({ state: 'detached' });
}

export async function openLogin(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Login', exact: true }).click();
  return dialog(page, 'Welcome back!');
}

export async function login(page: Page, username: string, password: string) {
  const modal = await openLogin(page);
  await modal.getByLabel('Username or Email').fill(username);
  await modal.getByLabel('Password', { exact: true }).fill(password);
  await modal.getByRole('button', { name: 'Login account' }).click();
  await modal.waitFor({ state: 'hidden' });
}

/** Fills and sends the header's sign-up dialog, as a new visitor does. */
export async function signUp(page: Page, username: string, email: string, password: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign up', exact: true }).click();
  const modal = await dialog(page, 'Create an account');
  await modal.getByLabel('Username').fill(username);
  await modal.getByLabel('Email Address').fill(email);
  await modal.getByLabel('Password', { exact: true }).fill(password);
  await modal.getByLabel('Confirm Password').fill(password);
  await modal.getByRole('button', { name: 'Sign up' }).click();
}

/** The compliance period open today, which the demo's announcement and texts name (seeded today). */
export const currentPeriod = buildCompliancePeriods().find((p) => isCurrentPeriod({ date_start: p.start, date_end: p.end }, isoDate()))!.name;

/** The demo school greets each new browser session with its announcement; close it first. */
export async function closeAnnouncement(page: Page) {
  const modal = await dialog(page, `MCLE ${currentPeriod}`);
  await modal.getByRole('button', { name: 'Okay' }).click();
  await modal.waitFor({ state: 'hidden' });
}
