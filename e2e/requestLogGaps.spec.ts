import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runProductInBrowser } from './support/inBrowser.js';
import {
  deployByApi,
  importApiAs,
  ORDERS_DOCUMENT,
  sessionOf,
  signIn,
  signUpAndVerifyByApi,
} from './support/journeys.js';
import type { RunningProduct } from './support/server.js';

let product: RunningProduct;
let page: Page;

// The log keeps 20 calls per API and per batch here: a burst of 80 calls leaves some out.
runProductInBrowser(
  { product: (p) => (product = p), page: (p) => (page = p) },
  { REQUEST_LOG_ENTRIES: '20' },
);

const main = () => page.getByRole('main');

describe('the Requests screen after a burst of calls', () => {
  it('says how many calls were not recorded, below the calls recorded after them', async () => {
    const user = await signUpAndVerifyByApi(product);
    const token = await sessionOf(product, user.username);
    const imported = await importApiAs(product, token, { name: 'Orders', document: ORDERS_DOCUMENT });
    const api = await deployByApi(product, token, imported.id);
    const answers = await Promise.all(
      Array.from({ length: 80 }, () => fetch(`${api.apiBaseUrl}/orders`).then((res) => res.status)),
    );
    expect(answers).toEqual(Array(80).fill(200));

    await signIn(page, user.username, user.password);
    await page.waitForURL('**/dashboard');
    await page.goto(`/requests/${api.id}`);
    const table = main().getByRole('table', { name: 'Requests' });
    const gap = table.getByRole('row', { name: /^\d+ calls? not recorded$/ }).first();
    await gap.waitFor();
    const left = Number((await gap.textContent())?.split(' ')[0]);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(80);
    // newest first: calls recorded after the gap sit above it
    const rows = table.locator('tbody tr');
    expect(await rows.first().getAttribute('data-call-id')).not.toBeNull();
    expect(await table.locator('tbody tr[data-call-id]').count()).toBeLessThanOrEqual(20);
  });
});
