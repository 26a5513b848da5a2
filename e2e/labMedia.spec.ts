import { labMessages } from '@sandbox/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { editorText } from './support/editors.js';
import { runProductInBrowser, toastOn } from './support/inBrowser.js';
import {
  deployByApi,
  importApiAs,
  sessionTokenOf,
  signIn,
  signUpAndVerifyByApi,
} from './support/journeys.js';
import type { RunningProduct } from './support/server.js';

let product: RunningProduct;
let page: Page;

runProductInBrowser({ product: (p) => (product = p), page: (p) => (page = p) });

/** A photo's details in JSON or XML, the photo itself as a PNG, and a HEAD that answers headers only. */
const GALLERY = `openapi: 3.0.3
info: { title: Gallery, version: 1.0.0 }
paths:
  /photos/{id}:
    parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
    get:
      responses:
        '200':
          description: A photo's details
          content:
            application/json:
              example: { id: p1, title: Harbour }
            application/xml:
              example: '<photo><id>p1</id><title>Harbour</title></photo>'
    head:
      responses:
        '200':
          description: The photo exists
          headers:
            X-Photo-Size: { schema: { type: integer, example: 2048 } }
  /photos/{id}/image:
    parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
    get:
      responses:
        '200':
          description: The photo itself
          content:
            image/png:
              schema: { type: string, format: binary }
`;

const main = () => page.getByRole('main');
const response = () => main().getByRole('region', { name: 'Response' });
const requestTab = (name: string) =>
  main().getByRole('tablist', { name: 'Request parts' }).getByRole('tab', { name });

/** The value the response's Headers tab shows for `name`. */
const headerValue = (name: string) =>
  response()
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name, exact: true }) })
    .getByRole('cell')
    .nth(1)
    .textContent();

async function choose(label: string, option: string) {
  await main().getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Signs a new user in with the Gallery imported and deployed, and opens the API Lab on it. */
async function openLabOnGallery() {
  const user = await signUpAndVerifyByApi(product);
  await signIn(page, user.username, user.password);
  await page.waitForURL('**/dashboard');
  const token = await sessionTokenOf(page);
  const api = await importApiAs(product, token, { name: 'Gallery', document: GALLERY });
  await deployByApi(product, token, api.id);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'API Lab' })
    .click();
  await page.waitForURL('**/api-lab');
  await choose('API Name', 'Gallery');
}

async function send() {
  await main().getByRole('button', { name: 'Send' }).click();
  await toastOn(page, labMessages.sent).waitFor();
}

describe('API Lab answers in the media types the document declares', () => {
  it('shows the XML an Accept header asks for, and the JSON without one', async () => {
    await openLabOnGallery();
    await choose('Request Method', 'GET /photos/{id}');
    await main().getByRole('group', { name: 'Path params' }).getByLabel('id').fill('p1');

    await send();
    const body = response().getByRole('textbox', { name: 'Response body' });
    expect(await editorText(body)).toBe('{\n  "id": "p1",\n  "title": "Harbour"\n}');

    await requestTab('Headers').click();
    await main().getByRole('button', { name: 'Add header' }).click();
    const accept = main().getByRole('group', { name: 'Header 1' });
    await accept.getByLabel('Key').fill('Accept');
    await accept.getByLabel('Value').fill('application/xml');
    await send();
    await expect.poll(() => editorText(body)).toBe('<photo><id>p1</id><title>Harbour</title></photo>');
    await response()
      .getByRole('tab', { name: /^Headers/ })
      .click();
    expect(await headerValue('content-type')).toMatch(/^application\/xml/);

    // Nothing the document declares is acceptable: the sandbox says so with a 406 (and no toast).
    await accept.getByLabel('Value').fill('text/csv');
    await main().getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => response().getByLabel('Status').textContent()).toBe('406 Not Acceptable');
  });

  it('describes the PNG answer by its type and size and previews it', async () => {
    await openLabOnGallery();
    await choose('Request Method', 'GET /photos/{id}/image');
    await main().getByRole('group', { name: 'Path params' }).getByLabel('id').fill('p1');
    await send();

    expect(await response().getByLabel('Status').textContent()).toBe('200 OK');
    await response()
      .getByText(/^Binary body \(image\/png, \d+ B\): it is not shown as text\.$/)
      .waitFor();
    expect(await response().getByRole('textbox', { name: 'Response body' }).count()).toBe(0);
    const preview = response().getByRole('img', { name: 'Preview of the response image' });
    // The bytes arrived whole: the browser decodes them as the 1×1 image they are.
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    expect(await response().getByRole('link', { name: 'Save' }).getAttribute('download')).toBe(
      'response.png',
    );
  });

  it('says a HEAD answer has no body and shows its declared headers', async () => {
    await openLabOnGallery();
    await choose('Request Method', 'HEAD /photos/{id}');
    await main().getByRole('group', { name: 'Path params' }).getByLabel('id').fill('p1');
    await requestTab('Body').click();
    await main().getByText('A HEAD request is sent without a body.').waitFor();
    await send();

    expect(await response().getByLabel('Status').textContent()).toBe('200 OK');
    await response()
      .getByText('No body: the answer to a HEAD request carries only its status and headers.')
      .waitFor();
    await response()
      .getByRole('tab', { name: /^Headers/ })
      .click();
    expect(await headerValue('x-photo-size')).toBe('2048');
  });
});
