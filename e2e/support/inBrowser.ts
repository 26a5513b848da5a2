import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { launchBrowser, openPage } from './browser.js';
import { type RunningProduct, startProduct } from './server.js';

/**
 * The set-up of a browser suite: the product started once with `env`, one Chromium, and a fresh page
 * (its own session storage) before each test, handed to the suite through `use`.
 */
export function runProductInBrowser(
  use: { product(product: RunningProduct): void; browser?(browser: Browser): void; page?(page: Page): void },
  env: Record<string, string> = {},
): void {
  let product: RunningProduct;
  let browser: Browser;
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
    beforeEach(async () => setPage(await openPage(browser, product.url)));
  }
}

/** A toast: toasts sit outside any open dialog, which hides the rest of the page from role queries. */
export const toastOn = (page: Page, text: string): Locator =>
  page.locator('.Toastify').getByText(text, { exact: true }).first();
