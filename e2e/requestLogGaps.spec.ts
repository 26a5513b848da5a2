import { type RequestLogPage, requestLogPaths } from '@sandbox/contracts';
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

// The log keeps 20 calls per API and per batch here: a burst of 80 calls leaves some out when more
// than 20 of them land in one batch (~200 ms). A machine busy enough to spread a burst wider gets
// another burst, up to a bound.
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
    let sent = 0;
    do {
      const answers = await Promise.all(
        Array.from({ length: 80 }, () => fetch(`${api.apiBaseUrl}/orders`).then((res) => res.status)),
      );
      expect(answers).toEqual(Array(80).fill(200));
      sent += answers.length;
    } while (sent < 6 * 80 && !(await hasGap(api.id, token)));

    await signIn(page, user.username, user.password);
    await page.waitForURL('**/dashboard');
    await page.goto(`/requests/${api.id}`);
    const table = main().getByRole('table', { name: 'Requests' });
    const gap = table.getByRole('row', { name: /^\d+ calls? not recorded$/ }).first();
    await gap.waitFor();
    const left = Number((await gap.textContent())?.split(' ')[0]);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(sent);
    // newest first: calls recorded after the gap sit above it
    const rows = table.locator('tbody tr');
    expect(await rows.first().getAttribute('data-call-id')).not.toBeNull();
    expect(await table.locator('tbody tr[data-call-id]').count()).toBeLessThanOrEqual(20);
  });
});

/** Whether the API's log has left calls out, once the batch under way is written (~200 ms). */
async function hasGap(apiMasterId: number, token: string): Promise<boolean> {
  const deadline = Date.now() + 2_000;
  for (;;) {
    const res = await fetch(`${product.url}${requestLogPaths.list(apiMasterId)}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const { gaps } = (await res.json()) as RequestLogPage;
    if (gaps.length > 0 || Date.now() > deadline) return gaps.length > 0;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
