import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { runProductInBrowser } from './support/inBrowser.js';
import { signedInUser } from './support/journeys.js';
import type { RunningProduct } from './support/server.js';

let product: RunningProduct;
let page: Page;

runProductInBrowser({ product: (p) => (product = p), page: (p) => (page = p) });

declare global {
  interface Window {
    cspViolations: string[];
    inlineScriptRan?: boolean;
    inlineHandlerRan?: boolean;
  }
}

/** Every Content-Security-Policy violation the page reports, and the console's CSP complaints. */
let consoleComplaints: string[];
beforeEach(async () => {
  consoleComplaints = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) consoleComplaints.push(message.text());
  });
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      window.cspViolations.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });
});

const violations = () => page.evaluate(() => window.cspViolations);

describe('the content security policy', () => {
  it('lets the app render and work, without a single violation', async () => {
    await signedInUser(page, product);
    await page.getByRole('heading', { name: 'All APIs' }).waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Create New API' }).click();
    await page.getByRole('dialog', { name: 'New API' }).waitFor();
    expect(await violations()).toEqual([]);
    expect(consoleComplaints).toEqual([]);
  });

  it('stops a script injected into the page, inline or in an attribute', async () => {
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Continue' }).waitFor();
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.inlineScriptRan = true;';
      document.body.append(script);
      const image = document.createElement('img');
      image.setAttribute('onerror', 'window.inlineHandlerRan = true;');
      image.src = '/no-such-image.png';
      document.body.append(image);
    });
    await expect.poll(async () => (await violations()).length).toBe(2);
    expect(await violations()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^script-src-elem inline/),
        expect.stringMatching(/^script-src-attr inline/),
      ]),
    );
    expect(await page.evaluate(() => [window.inlineScriptRan, window.inlineHandlerRan])).toEqual([
      undefined,
      undefined,
    ]);
  });

  it('keeps the app out of another site’s frame', async () => {
    // Another site on this machine (a different port is a different origin) that frames the app.
    const framer = createServer((_req, res) =>
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<!doctype html><iframe title="the app" src="${product.url}/signin"></iframe>`),
    );
    await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = framer.address() as AddressInfo;
      const refused = page.waitForEvent('console', (message) => /frame-ancestors/.test(message.text()));
      await page.goto(`http://127.0.0.1:${port}/`);
      expect((await refused).text()).toMatch(/Framing .* violates .* "frame-ancestors 'none'"/);
      const frame = page.frames().find((f) => f !== page.mainFrame());
      expect(await frame?.getByRole('button', { name: 'Continue' }).count()).toBe(0);
    } finally {
      framer.close();
    }
  });
});
