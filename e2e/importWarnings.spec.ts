import { apiMessages, ROLE_VIEWER } from '@sandbox/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { followLink, runProductInBrowser, toastOn } from './support/inBrowser.js';
import { addMember, signIn, signUpAndVerifyByApi } from './support/journeys.js';
import type { RunningProduct } from './support/server.js';

let product: RunningProduct;
let page: Page;

runProductInBrowser({ product: (p) => (product = p), page: (p) => (page = p) });

// A pattern needing lookahead, which the sandbox's linear-time engine cannot run.
const CODES = `openapi: 3.0.3
info: { title: Codes, version: 1.0.0 }
paths:
  /codes:
    get:
      responses:
        '200':
          description: OK
          content: { application/json: { schema: { $ref: '#/components/schemas/Code' } } }
components:
  schemas:
    Code:
      type: object
      properties:
        label: { type: string, pattern: '^(?!draft).*$' }
`;

// Slack's form of `items` (one schema per position) and a reference to another file.
const CHANNELS = `openapi: 3.0.3
info: { title: Channels, version: 1.0.0 }
paths:
  /channels:
    get:
      responses:
        '200':
          description: OK
          content: { application/json: { schema: { $ref: '#/components/schemas/Channel' } } }
components:
  schemas:
    Channel:
      type: object
      properties:
        latest: { type: array, items: [{ type: string }, { type: integer }] }
        owner: { $ref: 'https://example.com/schemas/user.json' }
`;

describe('importing a document the sandbox cannot wholly honour', () => {
  it('shows what was left out, and where, beside the success', async () => {
    const user = await signUpAndVerifyByApi(product);
    await signIn(page, user.username, user.password);
    await page.waitForURL('**/dashboard');
    await page.getByRole('main').getByRole('button', { name: 'Create New API' }).click();
    const dialog = page.getByRole('dialog', { name: 'New API' });
    await dialog.getByLabel('Name').fill('codes');
    await dialog.getByLabel('Description').fill('codes and labels');
    await dialog.getByLabel('Version').fill('10');
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'codes.yaml',
      mimeType: 'application/yaml',
      buffer: Buffer.from(CODES),
    });
    await dialog.getByRole('button', { name: 'Import' }).click();

    await toastOn(page, apiMessages.importSuccess).waitFor();
    const warning = page.locator('.Toastify__toast--warning');
    await warning.getByText('Imported with a warning:').waitFor();
    await warning.getByRole('listitem').first().waitFor();
    expect(await warning.getByRole('listitem').allTextContents()).toEqual([
      '#/components/schemas/Code/properties/label/pattern: The pattern ^(?!draft).*$ is not enforced: lookahead and lookbehind are not supported',
    ]);
  });

  it('keeps the warnings with the API: its page lists them, collapsed, after a reload', async () => {
    const user = await signUpAndVerifyByApi(product);
    await signIn(page, user.username, user.password);
    await page.waitForURL('**/dashboard');
    await page.getByRole('main').getByRole('button', { name: 'Create New API' }).click();
    const dialog = page.getByRole('dialog', { name: 'New API' });
    await dialog.getByLabel('Name').fill('channels');
    await dialog.getByLabel('Description').fill('channels and their latest messages');
    await dialog.getByLabel('Version').fill('10');
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'channels.yaml',
      mimeType: 'application/yaml',
      buffer: Buffer.from(CHANNELS),
    });
    await dialog.getByRole('button', { name: 'Import' }).click();
    await toastOn(page, apiMessages.importSuccess).waitFor();

    const sidebar = page.getByRole('navigation', { name: 'APIs' });
    await sidebar.getByRole('button', { name: 'Channels', exact: true }).click();
    // what the import could not honour concerns the whole API: it is on its overview
    await followLink(sidebar.getByRole('link', { name: 'Channels overview' }));
    const apiPage = page.url();
    await page.reload();
    const notice = page.getByRole('main').getByRole('button', { name: '2 import warnings' });
    await notice.waitFor();
    expect(await page.getByRole('list', { name: 'Import warnings' }).count()).toBe(0);
    await notice.click();
    expect(
      await page.getByRole('list', { name: 'Import warnings' }).getByRole('listitem').allTextContents(),
    ).toEqual([
      '#/components/schemas/Channel/properties/latest/items: The tuple form of items (one schema per position) is kept as declared but shown as a list of any values',
      '#/components/schemas/Channel/properties/owner/$ref: The external reference https://example.com/schemas/user.json is not followed: it accepts any value',
    ]);

    // a viewer of the team sees them too
    const viewer = await addMember(product, user.email, ROLE_VIEWER);
    await page.evaluate(() => sessionStorage.clear());
    await signIn(page, viewer.username, viewer.password);
    await page.waitForURL('**/dashboard');
    await page.goto(apiPage);
    await page.getByRole('main').getByRole('button', { name: '2 import warnings' }).waitFor();
  });
});
