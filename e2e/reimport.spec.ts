import { readFile } from 'node:fs/promises';
import { apiMessages, reimportMessages } from '@sandbox/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runProductInBrowser, toastOn } from './support/inBrowser.js';
import { importApiAs, sessionTokenOf, signedInUser } from './support/journeys.js';
import type { RunningProduct } from './support/server.js';

let product: RunningProduct;
let page: Page;

runProductInBrowser({ product: (p) => (product = p), page: (p) => (page = p) });

const main = () => page.getByRole('main');
// Two versions of one public document (apps/server/test-fixtures/reimport/README.md).
const fixture = (name: string) =>
  readFile(new URL(`../apps/server/test-fixtures/reimport/${name}`, import.meta.url));

describe('updating an API from a new version of its document', () => {
  it('shows what changes, applies it, and keeps the edit made by hand', async () => {
    await signedInUser(page, product);
    const api = await importApiAs(product, await sessionTokenOf(page), {
      name: 'Hoot',
      document: (await fixture('hoot-v1.json')).toString(),
    });
    const getHoot = api.apiConfigList.find((e) => e.apiEndPoint === '/hoot/{id}');

    // By hand: describe the path parameter.
    await page.goto(`/request/${api.id}/${getHoot?.id}`);
    const id = () => main().getByRole('group', { name: 'id', exact: true });
    await id().getByLabel('Description').fill('The hoot, by its id');
    await main().getByRole('button', { name: 'Save' }).click();
    await toastOn(page, apiMessages.updated).waitFor();

    // Update from file: the summary first, then Apply.
    await page.goto('/dashboard');
    await main().getByRole('row', { name: /Hoot/ }).getByRole('button', { name: 'Update from file' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Hoot from file' });
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'hoot.json',
      mimeType: 'application/json',
      buffer: await fixture('hoot-v2.json'),
    });
    const added = dialog.getByRole('region', { name: 'Endpoints added' });
    await added.waitFor();
    expect(await added.getByRole('listitem').allTextContents()).toEqual([
      'POST /hoot/{id}/like',
      'GET /timeline',
      'GET /timeline/{username}',
    ]);
    expect(
      await dialog.getByRole('region', { name: 'Schemas removed' }).getByRole('listitem').allTextContents(),
    ).toEqual(['Squawk']);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await toastOn(page, reimportMessages.applied).waitFor();

    // The edit is kept; the new endpoints are in the sidebar.
    await page.goto(`/request/${api.id}/${getHoot?.id}`);
    await page
      .getByRole('navigation', { name: 'APIs' })
      .getByRole('link', { name: 'GET /timeline', exact: true })
      .waitFor();
    expect(await id().getByLabel('Description').inputValue()).toBe('The hoot, by its id');
  });
});
