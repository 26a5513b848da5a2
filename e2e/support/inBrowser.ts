import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { launchBrowser, newContext, openPage, openTab } from './browser.js';
import { type RunningProduct, startProduct } from './server.js';

/**
 * The set-up of a browser suite: the product started once with `env`, one Chromium, and a fresh page
 * (its own session storage) before each test, handed to the suite through `use`. The pages are tabs of
 * one browser profile, as one person's browser: the product keeps nothing across tabs but the HTTP
 * cache, so a suite does not download and compile the app again for every test. A suite that measures
 * what a first visit downloads asks for `{ newProfilePerTest: true }`.
 */
export function runProductInBrowser(
  use: { product(product: RunningProduct): void; browser?(browser: Browser): void; page?(page: Page): void },
  env: Record<string, string> = {},
  { newProfilePerTest = false }: { newProfilePerTest?: boolean } = {},
): void {
  let product: RunningProduct;
  let browser: Browser;
  let profile: BrowserContext | undefined;
  let page: Page | undefined;
  beforeAll(async () => {
    product = await startProduct(env);
    use.product(product);
    browser = await launchBrowser();
    use.browser?.(browser);
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });
  if (use.page) {
    const setPage = use.page;
    beforeEach(async () => {
      if (newProfilePerTest) return setPage(await openPage(browser, product.url));
      await page?.close();
      profile ??= await newContext(browser, product.url);
      page = await openTab(profile);
      setPage(page);
    });
  }
}

/** A toast: toasts sit outside any open dialog, which hides the rest of the page from role queries. */
export const toastOn = (page: Page, text: string): Locator =>
  page.locator('.Toastify').getByText(text, { exact: true }).first();

/**
 * Does `action` and waits for a toast it brings up. A toast of the same text shown just before (an
 * earlier save's, on screen for 5 s) does not count: waiting on it would let the test run on before
 * the action's own request has been answered.
 */
export async function toastAfter(page: Page, text: string, action: () => Promise<void>): Promise<void> {
  await page.locator('.Toastify__toast').evaluateAll((shown) => {
    for (const toast of shown) toast.setAttribute('data-shown-before', '');
  });
  await action();
  await page
    .locator('.Toastify__toast:not([data-shown-before])')
    .getByText(text, { exact: true })
    .first()
    .waitFor();
}

/**
 * Clicks a link and waits for the address it leads to. Right after the sidebar loads, a click
 * sometimes opens nothing (about 1 run in 20 on a loaded machine): no navigation starts, and the link
 * was seen at different heights from run to run while the screen settled, so the click can land where
 * the link was a moment before. The link is clicked again, up to three times, before the test fails.
 */
export async function followLink(link: Locator): Promise<void> {
  const target = await link.getAttribute('href');
  for (let attempt = 1; ; attempt++) {
    await link.click();
    try {
      await link.page().waitForURL((url) => url.pathname === target, { timeout: 5000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}
