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

// The log keeps 5 calls per API here, and writes at most 5 of each ~200 ms batch: a burst of 80
// calls leaves some out wherever more than 5 land in one batch. A gap stays while entries recorded
// after it are kept: one in the burst's last batch stays, one in an earlier batch is pruned with the
// entries around it once a later batch brings 5 newer ones. So the log is read once it has settled,
// and a machine busy enough to spread a burst so thin that no gap stays gets another burst.
const ENTRIES = 5;
runProductInBrowser(
  { product: (p) => (product = p), page: (p) => (page = p) },
  { REQUEST_LOG_ENTRIES: String(ENTRIES) },
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
    expect(await table.locator('tbody tr[data-call-id]').count()).toBeLessThanOrEqual(ENTRIES);
  });
});

/**
 * Whether the API's log shows calls left out, once it has settled: read until two reads, further
 * apart than a batch's wait, find the same entries and gaps.
 */
async function hasGap(apiMasterId: number, token: string): Promise<boolean> {
  let previous = '';
  for (let read = 0; read < 20; read++) {
    const res = await fetch(`${product.url}${requestLogPaths.list(apiMasterId)}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const { items, gaps } = (await res.json()) as RequestLogPage;
    const seen = JSON.stringify([items.map((item) => item.id), gaps]);
    if (seen === previous) return gaps.length > 0;
    previous = seen;
    await new Promise((resolve) => setTimeout(resolve, 400));
  }
  throw new Error('the request log did not settle');
}
