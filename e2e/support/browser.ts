import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

/** A browser profile of its own (cache, cookies) on the product. */
export function newContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL, permissions: ['clipboard-read', 'clipboard-write'] });
}

/**
 * A new tab in `context`: its own session storage, where the product keeps the session; the cache is
 * the context's, so the scripts a tab before it fetched are not fetched and compiled again.
 */
export async function openTab(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return page;
}

/** A fresh page (its own session storage) in a browser profile of its own, as another user's browser. */
export async function openPage(browser: Browser, baseURL: string): Promise<Page> {
  return openTab(await newContext(browser, baseURL));
}
