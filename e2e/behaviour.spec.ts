import { behaviourMessages, ROLE_VIEWER } from '@sandbox/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { followLink, runProductInBrowser, toastOn } from './support/inBrowser.js';
import { addMember, importApiAs, sessionOf, signIn, signUpAndVerifyByApi } from './support/journeys.js';
import type { RunningProduct } from './support/server.js';

let product: RunningProduct;
let page: Page;

runProductInBrowser({ product: (p) => (product = p), page: (p) => (page = p) });

const main = () => page.getByRole('main');
const panel = () => main().getByRole('form', { name: 'Endpoint behaviour' });

const SHOP = `openapi: 3.0.3
info: { title: Shop, version: 1.0.0 }
paths:
  /orders:
    get:
      responses:
        '200': { description: Orders, content: { application/json: { example: [] } } }
        '429': { description: Too many requests }
`;

/** Opens the API's GET /orders in the sidebar, then its Behaviour tab. */
async function openBehaviour(apiName: string) {
  await page.waitForURL('**/dashboard');
  const sidebar = page.getByRole('navigation', { name: 'APIs' });
  await sidebar.getByRole('button', { name: apiName, exact: true }).click();
  await followLink(sidebar.getByRole('link', { name: 'GET /orders' }));
  await main().getByRole('tab', { name: 'Behaviour' }).click();
}

describe('traffic simulation in the browser', () => {
  let owner: Awaited<ReturnType<typeof signUpAndVerifyByApi>>;

  it('keeps a delay and a 50 % failure with 503 set on an endpoint', async () => {
    owner = await signUpAndVerifyByApi(product);
    await importApiAs(product, await sessionOf(product, owner.email, owner.password), {
      name: 'Flaky',
      document: SHOP,
    });
    await signIn(page, owner.username, owner.password);
    await openBehaviour('Flaky');
    await main().getByText('No behaviour: answered at once, never failing.').waitFor();

    await panel().getByLabel('Delay (ms)').fill('250');
    await panel().getByLabel('Failure rate (%)').fill('50');
    await panel().getByRole('combobox', { name: 'Failure status' }).click();
    await page.getByRole('option', { name: '503 Service Unavailable' }).click();
    await panel().getByRole('button', { name: 'Save behaviour' }).click();
    await toastOn(page, behaviourMessages.saved).waitFor();

    await page.reload();
    await main().getByRole('tab', { name: 'Behaviour' }).click();
    expect(await panel().getByLabel('Delay (ms)').inputValue()).toBe('250');
    expect(await panel().getByLabel('Failure rate (%)').inputValue()).toBe('50');
    expect(await panel().getByRole('combobox', { name: 'Failure status' }).textContent()).toBe(
      '503 Service Unavailable',
    );
  });

  it('shows a Viewer the behaviour with its controls disabled', async () => {
    const viewer = await addMember(product, owner.email, ROLE_VIEWER);
    await signIn(page, viewer.username, viewer.password);
    await openBehaviour('Flaky');
    const delay = panel().getByLabel('Delay (ms)');
    expect(await delay.inputValue()).toBe('250');
    expect(await delay.isDisabled()).toBe(true);
    expect(await panel().getByRole('button', { name: 'Save behaviour' }).isDisabled()).toBe(true);
    // the API's default is set on its overview
    await followLink(
      page.getByRole('navigation', { name: 'APIs' }).getByRole('link', { name: 'Flaky overview' }),
    );
    const apiDefault = main().getByRole('form', { name: 'API default behaviour' });
    expect(await apiDefault.getByRole('button', { name: 'Apply default' }).isDisabled()).toBe(true);
  });
});
