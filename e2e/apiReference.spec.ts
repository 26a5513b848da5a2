import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { runProductInBrowser } from './support/inBrowser.js';

let page: Page;

runProductInBrowser({ product: () => undefined, page: (p) => (page = p) });

declare global {
  interface Window {
    cspViolations: string[];
  }
}

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

describe('the API reference page', () => {
  it('shows the control plane operations, without a session and without a CSP violation', async () => {
    await page.goto('/api/docs');
    await page.getByRole('heading', { name: /API Sandbox control plane/ }).waitFor();
    const health = page.locator('.opblock').filter({ hasText: '/api/health' }).first();
    await health.waitFor();
    await health.locator('.opblock-summary').click();
    await health.getByRole('button', { name: 'Try it out' }).click();
    await health.getByRole('button', { name: 'Execute' }).click();
    await health.locator('.live-responses-table').getByText('"status": "ok"').waitFor();

    expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
    expect(consoleComplaints).toEqual([]);
  });
});
