import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type ApiMaster,
  type RequestLogPage,
  ROLE_VIEWER,
  requestLogPaths,
  upstreamMessages,
} from '@sandbox/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followLink, runProductInBrowser, toastOn } from './support/inBrowser.js';
import {
  addMember,
  deployByApi,
  importApiAs,
  sessionOf,
  signIn,
  signUpAndVerifyByApi,
} from './support/journeys.js';
import type { RunningProduct } from './support/server.js';

let product: RunningProduct;
let page: Page;

// The backend stands for a team's own one on their network: OUTBOUND_ALLOW lets this product reach
// its address, which production refuses unless the operator lists it.
runProductInBrowser(
  { product: (p) => (product = p), page: (p) => (page = p) },
  { OUTBOUND_ALLOW: '127.0.0.1' },
);

// ReadMe's Swagger Petstore (MIT, @readme/oas-examples): the contract the backend claims to keep.
const PETSTORE = readFileSync(
  new URL('../node_modules/@readme/oas-examples/3.0/json/petstore.json', import.meta.url),
  'utf8',
);

/** A real backend under /v2: pet 1 as the document says, pet 3 with a name that is not a string. */
let backend: Server;
let upstreamUrl: string;
beforeAll(async () => {
  backend = createServer((request, response) => {
    const pet = { id: 1, name: 'doggie', photoUrls: [], status: 'available' };
    const answer =
      request.url === '/v2/pet/1' ? pet : request.url === '/v2/pet/3' ? { ...pet, id: 3, name: 42 } : null;
    response
      .writeHead(answer ? 200 : 404, { 'content-type': 'application/json' })
      .end(JSON.stringify(answer ?? { message: 'not here' }));
  });
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(backend.address() as AddressInfo).port}/v2`;
});
afterAll(() => new Promise<void>((resolve) => backend.close(() => resolve())));

const main = () => page.getByRole('main');
const upstreamForm = () => main().getByRole('form', { name: 'Upstream URL' });

async function openOverview(apiName: string) {
  await page.waitForURL('**/dashboard');
  const sidebar = page.getByRole('navigation', { name: 'APIs' });
  await sidebar.getByRole('button', { name: apiName, exact: true }).click();
  await followLink(sidebar.getByRole('link', { name: `${apiName} overview` }));
}

describe('the hosted proxy in the browser', () => {
  let owner: Awaited<ReturnType<typeof signUpAndVerifyByApi>>;
  let api: ApiMaster;

  it('forwards the sandbox address to the Upstream URL set, and shows the backend’s violations', async () => {
    owner = await signUpAndVerifyByApi(product);
    const token = await sessionOf(product, owner.email, owner.password);
    const imported = await importApiAs(product, token, { name: 'Petstore', document: PETSTORE });
    api = await deployByApi(product, token, imported.id);
    await signIn(page, owner.username, owner.password);
    await openOverview('Petstore');

    await upstreamForm().getByLabel('Upstream URL').fill(upstreamUrl);
    await upstreamForm().getByRole('button', { name: 'Save' }).click();
    await toastOn(page, upstreamMessages.saved).waitFor();

    // a CI job's calls, through the sandbox address
    const base = api.apiBaseUrl as string;
    const right = await fetch(`${base}/pet/1`, { headers: { api_key: 'special-key' } });
    expect(await right.json()).toMatchObject({ id: 1, name: 'doggie' });
    expect(right.headers.get('sl-violations')).toBeNull();
    const wrong = await fetch(`${base}/pet/3`, { headers: { api_key: 'special-key' } });
    expect(await wrong.json()).toMatchObject({ id: 3, name: 42 });
    expect(JSON.parse(wrong.headers.get('sl-violations') ?? '[]')).toEqual([
      expect.objectContaining({ location: ['response', 'body', 'name'] }),
    ]);

    await page.goto(`/requests/${api.id}`);
    const requests = main().getByRole('table', { name: 'Requests' });
    await requests.getByRole('row', { name: /\/pet\/3.*1 violation/ }).waitFor();
    const perOperation = main().getByRole('table', { name: 'Violations per operation' });
    const counted = perOperation.getByRole('row', { name: /GET \/pet\/\{petId\}/ });
    // counted by the server over the last 24 hours of the log, a bar per hour of calls, each named
    // for what it counts (summed: the calls may fall on either side of an hour)
    const cells = counted.getByRole('cell');
    expect((await cells.allTextContents()).slice(0, 4)).toEqual(['GET /pet/{petId}', '2', '0', '1']);
    const bars = counted.getByRole('img');
    const barNames = async () =>
      Promise.all((await bars.all()).map(async (bar) => (await bar.getAttribute('aria-label')) ?? ''));
    const summed = async () => {
      const sums = [0, 0, 0];
      for (const name of await barNames()) {
        const counts = /: (\d+) calls?, (\d+) request violations?, (\d+) response violations?$/.exec(name);
        for (const i of [0, 1, 2]) sums[i] = (sums[i] ?? 0) + Number(counts?.[i + 1]);
      }
      return sums;
    };
    expect(await barNames()).toEqual([expect.stringMatching(/^\w{3} \d+, \d\d:\d\d–\d\d:\d\d: /)]);
    expect(await summed()).toEqual([2, 0, 1]);
    // a forwarded call arriving while the screen is open is counted within seconds
    await fetch(`${base}/pet/3`, { headers: { api_key: 'special-key' } });
    await expect.poll(summed, { timeout: 15_000 }).toEqual([3, 0, 2]);
    expect((await cells.allTextContents()).slice(0, 4)).toEqual(['GET /pet/{petId}', '3', '0', '2']);
    await main().getByRole('button', { name: '7 days' }).click();
    await expect.poll(barNames).toEqual([expect.stringMatching(/^\w{3} \d+ \(UTC\): /)]);
    expect(await summed()).toEqual([3, 0, 2]);

    await requests.getByRole('button', { name: '/pet/3' }).first().click();
    const violations = page.getByRole('dialog').getByRole('alert', { name: 'Contract violations' });
    await violations.getByText('response.body.name').waitFor();

    // the log API answers the CI job whether the backend kept the contract
    const log = await fetch(`${product.url}${requestLogPaths.list(api.id)}?violations=response`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const page1 = (await log.json()) as RequestLogPage;
    expect(page1.items.map((call) => call.path)).toEqual(['/pet/3', '/pet/3']);
  });

  it('shows a Viewer the Upstream URL, which they cannot change', async () => {
    const viewer = await addMember(product, owner.email, ROLE_VIEWER);
    await signIn(page, viewer.username, viewer.password);
    await openOverview('Petstore');
    const field = upstreamForm().getByLabel('Upstream URL');
    expect(await field.inputValue()).toBe(upstreamUrl);
    expect(await field.isDisabled()).toBe(true);
    expect(await upstreamForm().getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    expect(await upstreamForm().getByRole('button', { name: 'Mock again' }).isDisabled()).toBe(true);
  });
});
