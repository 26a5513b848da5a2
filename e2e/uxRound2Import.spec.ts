import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiFormMessages, apiMessages, designMessages, reimportMessages } from '@sandbox/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProductInBrowser, toastOn } from './support/inBrowser.js';
import { importApiAs, sessionTokenOf, signedInUser } from './support/journeys.js';
import type { RunningProduct } from './support/server.js';

let product: RunningProduct;
let page: Page;

// The documents' server stands for an intranet one that OUTBOUND_ALLOW lets the product reach.
runProductInBrowser(
  { product: (p) => (product = p), page: (p) => (page = p) },
  { OUTBOUND_ALLOW: '127.0.0.1' },
);

const main = () => page.getByRole('main');
// Versions of one public document (apps/server/test-fixtures/reimport/README.md).
const fixture = (name: string) =>
  readFile(new URL(`../apps/server/test-fixtures/reimport/${name}`, import.meta.url));

let documents: Server;
let documentsUrl: string;
// 12 MB: given to the browser by its path, as a user picks it (sent over the wire, it takes longer)
let folder: string;
let hugeFile: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'ux-round2-'));
  hugeFile = join(folder, 'huge.json');
  await writeFile(hugeFile, Buffer.alloc(12 * 1024 * 1024, ' '));
  const v2 = await fixture('hoot-v2.json');
  documents = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(v2);
  });
  await new Promise<void>((resolve) => documents.listen(0, '127.0.0.1', resolve));
  documentsUrl = `http://127.0.0.1:${(documents.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => documents.close(() => resolve()));
  await rm(folder, { recursive: true, force: true });
});

/** A signed-in user with Hoot v1 imported; answers the API. */
async function hootImported() {
  await signedInUser(page, product);
  return importApiAs(product, await sessionTokenOf(page), {
    name: 'Hoot',
    document: (await fixture('hoot-v1.json')).toString(),
  });
}

async function openUpdateFromFile() {
  await page.goto('/dashboard');
  await main().getByRole('row', { name: /Hoot/ }).getByRole('button', { name: 'Update from file' }).click();
  return page.getByRole('dialog', { name: 'Update Hoot from file' });
}

// A pattern needing lookahead, which the sandbox's linear-time engine cannot run: a warning.
const CODES = `openapi: 3.0.3
info: { title: Codes, version: 1.0.0 }
paths:
  /codes:
    get:
      responses:
        '200':
          description: OK
          content: { application/json: { schema: { type: string, pattern: '^(?!draft).*$' } } }
`;

describe('what a first-time user trips over when importing, round 2', () => {
  it('names the hand edit a re-import keeps, and a response removed by hand stays removed', async () => {
    const api = await hootImported();
    const getHoot = api.apiConfigList.find((e) => e.apiEndPoint === '/hoot/{id}');
    await page.goto(`/request/${api.id}/${getHoot?.id}`);
    const id = () => main().getByRole('group', { name: 'id', exact: true });
    await id().getByLabel('Description').fill('The hoot, by its id');
    await main().getByRole('button', { name: 'Save' }).click();
    await toastOn(page, apiMessages.updated).waitFor();
    await main().getByRole('tab', { name: 'Response' }).click();
    await main().getByRole('button', { name: /^404/ }).click();
    await main().getByRole('button', { name: 'Remove Response' }).click();
    await page
      .getByRole('dialog', { name: 'Remove Response' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await toastOn(page, designMessages.responseRemoved).waitFor();

    // the new version rewrites the id's description, and still has the 404 as it was
    const dialog = await openUpdateFromFile();
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'hoot.json',
      mimeType: 'application/json',
      buffer: await fixture('hoot-v2-described.json'),
    });
    const kept = dialog.getByRole('region', { name: "Your edits kept over the document's changes" });
    await kept.waitFor();
    expect(await kept.getByRole('listitem').allTextContents()).toEqual([
      'GET /hoot/{id}, path id: Description',
    ]);
    expect(await dialog.getByRole('region', { name: 'Endpoints changed' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await toastOn(page, reimportMessages.applied).waitFor();

    await page.goto(`/request/${api.id}/${getHoot?.id}`);
    expect(await id().getByLabel('Description').inputValue()).toBe('The hoot, by its id');
    await main().getByRole('tab', { name: 'Response' }).click();
    await main().getByRole('button', { name: /^200/ }).waitFor();
    expect(await main().getByRole('button', { name: /^404/ }).count()).toBe(0);
  });

  it('refuses a file over 10 MB before sending it, and keeps a refusal beside the field until the file changes', async () => {
    await signedInUser(page, product);
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/swagger/upload')) uploads.push(request.url());
    });
    await main().getByRole('button', { name: 'Create New API' }).click();
    const dialog = page.getByRole('dialog', { name: 'New API' });
    const file = dialog.locator('input[type="file"]');
    await file.setInputFiles(hugeFile);
    await dialog.getByText(apiFormMessages.fileTooLarge).waitFor();
    expect(apiFormMessages.fileTooLarge).toContain('10 MB');
    await dialog.getByRole('button', { name: 'Import' }).click();
    expect(uploads).toEqual([]);

    // a document the server refuses: the reason stays beside the field, after its toast is gone
    await dialog.getByLabel('Name').fill('Package');
    await dialog.getByLabel('Description').fill('Not an API');
    await dialog.getByLabel('Version').fill('10');
    await file.setInputFiles({
      name: 'package.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"name": "package", "version": "1.0.0"}'),
    });
    await dialog.getByRole('button', { name: 'Import' }).click();
    const refusal = dialog.getByText(/OpenAPI/);
    await refusal.waitFor();
    await expect.poll(() => page.locator('.Toastify__toast--error').count(), { timeout: 15_000 }).toBe(0);
    expect(await refusal.isVisible()).toBe(true);
    await file.setInputFiles({
      name: 'codes.yaml',
      mimeType: 'application/yaml',
      buffer: Buffer.from(CODES),
    });
    await refusal.waitFor({ state: 'detached' });

    // imported with a warning: the toast has a close button, and closes by itself as the others do
    await dialog.getByRole('button', { name: 'Import' }).click();
    const warning = page.locator('.Toastify__toast--warning');
    await warning.getByText('Imported with a warning:').waitFor();
    await warning.getByRole('button', { name: 'close' }).waitFor();
    await warning.waitFor({ state: 'detached', timeout: 15_000 });
  });

  it('updates an API from the document at a URL, as New API imports one', async () => {
    const api = await hootImported();
    const dialog = await openUpdateFromFile();
    await dialog.getByRole('button', { name: 'From a URL' }).click();
    await dialog.getByLabel('Document URL').fill(`${documentsUrl}/hoot`);
    await dialog.getByRole('button', { name: 'Show changes' }).click();
    const added = dialog.getByRole('region', { name: 'Endpoints added' });
    await added.waitFor();
    expect(await added.getByRole('listitem').allTextContents()).toEqual([
      'POST /hoot/{id}/like',
      'GET /timeline',
      'GET /timeline/{username}',
    ]);
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await toastOn(page, reimportMessages.applied).waitFor();

    await page.goto(`/request/${api.id}/${api.apiConfigList[0]?.id}`);
    await page
      .getByRole('navigation', { name: 'APIs' })
      .getByRole('link', { name: 'GET /timeline', exact: true })
      .waitFor();
  });
});
