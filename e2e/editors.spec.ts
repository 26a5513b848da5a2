import { labMessages, testDataMessages } from '@sandbox/contracts';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { editorText, replaceEditorText } from './support/editors.js';
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

/** POST /pet as the Swagger Petstore (OpenAPI 3) declares it, without its OAuth requirement. */
const PETSTORE = `openapi: 3.0.3
info: { title: Swagger Petstore - OpenAPI 3.0, version: 1.0.27 }
paths:
  /pet:
    post:
      tags: [pet]
      summary: Add a new pet to the store.
      operationId: addPet
      requestBody:
        description: Create a new pet in the store
        required: true
        content:
          application/json: { schema: { $ref: '#/components/schemas/Pet' } }
          application/xml: { schema: { $ref: '#/components/schemas/Pet' } }
          application/x-www-form-urlencoded: { schema: { $ref: '#/components/schemas/Pet' } }
      responses:
        '200':
          description: Successful operation
          content:
            application/json: { schema: { $ref: '#/components/schemas/Pet' } }
        '400': { description: Invalid input }
        '422': { description: Validation exception }
components:
  schemas:
    Category:
      type: object
      properties:
        id: { type: integer, format: int64, example: 1 }
        name: { type: string, example: Dogs }
    Tag:
      type: object
      properties:
        id: { type: integer, format: int64 }
        name: { type: string }
    Pet:
      required: [name, photoUrls]
      type: object
      properties:
        id: { type: integer, format: int64, example: 10 }
        name: { type: string, example: doggie }
        category: { $ref: '#/components/schemas/Category' }
        photoUrls: { type: array, items: { type: string } }
        tags: { type: array, items: { $ref: '#/components/schemas/Tag' } }
        status:
          type: string
          description: pet status in the store
          enum: [available, pending, sold]
`;

/** A body with enough properties to make a long page, one of them an inline object, one an enum. */
const SHIPPING = `openapi: 3.0.3
info: { title: Shipping, version: 1.0.0 }
paths:
  /parcels:
    get:
      responses:
        '200':
          description: Parcels
          content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Parcel' } } } }
    post:
      requestBody:
        content: { application/json: { schema: { $ref: '#/components/schemas/Parcel' } } }
      responses:
        '201':
          description: Created
          content: { application/json: { schema: { $ref: '#/components/schemas/Parcel' } } }
components:
  schemas:
    Parcel:
      type: object
      required: [reference, address]
      properties:
        reference: { type: string, minLength: 4, maxLength: 12 }
        speed: { type: string, enum: [standard, express, overnight] }
        weightGrams: { type: integer, minimum: 1 }
        fragile: { type: boolean }
        sender: { type: string }
        recipient: { type: string }
        phone: { type: string }
        email: { type: string, format: email }
        notes: { type: string, maxLength: 200 }
        address:
          type: object
          required: [city]
          properties:
            street: { type: string }
            city: { type: string, maxLength: 40 }
            postcode: { type: string }
            country: { type: string }
`;

const BOOKS = `openapi: 3.0.3
info: { title: Books, version: 1.0.0 }
paths:
  /books:
    get:
      responses:
        '200':
          description: Books
          content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Book' } } } }
components:
  schemas:
    Book:
      type: object
      required: [title]
      properties:
        title: { type: string }
        pages: { type: integer, minimum: 1 }
`;

const main = () => page.getByRole('main');
const mainNavigation = () => page.getByRole('navigation', { name: 'Main navigation' });

/** A new user, signed in, with `document` imported and deployed; answers the API. */
async function signInWith(name: string, document: string) {
  const user = await signUpAndVerifyByApi(product);
  await signIn(page, user.username, user.password);
  await page.waitForURL('**/dashboard');
  const token = await sessionTokenOf(page);
  const api = await importApiAs(product, token, { name, document });
  return deployByApi(product, token, api.id);
}

async function choose(label: string, option: string) {
  await main().getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Scrolls to the foot of the page and answers whether `link` is still in the window. */
async function staysInView(link: Locator): Promise<{ scrolled: number; top: number; bottom: number }> {
  const scrolled = await page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    return window.scrollY;
  });
  const box = await link.boundingBox();
  if (!box) throw new Error('the link is not on the page');
  return { scrolled, top: box.y, bottom: box.y + box.height };
}

describe('JSON editors and long pages', () => {
  it('pre-fills POST /pet with example values that the sandbox accepts as sent', async () => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await signInWith('Petstore', PETSTORE);
    // The editor's code is not part of what every screen loads.
    expect(scripts.some((path) => /codemirror/i.test(path))).toBe(false);

    await mainNavigation().getByRole('link', { name: 'API Lab' }).click();
    await choose('API Name', 'Petstore');
    await choose('Request Method', 'POST /pet');
    await main().getByRole('tablist', { name: 'Request parts' }).getByRole('tab', { name: 'Body' }).click();
    const body = main().getByRole('textbox', { name: 'Body', exact: true });
    await expect.poll(async () => (await body.textContent()) ?? '').toContain('doggie');
    expect(scripts.some((path) => /codemirror/i.test(path))).toBe(true);
    // The schema's keys, each with the document's example or a value made to fit its type.
    const template = JSON.parse(await editorText(body));
    expect(Object.keys(template)).toEqual(['id', 'name', 'category', 'photoUrls', 'tags', 'status']);
    expect(template).toMatchObject({ id: 10, name: 'doggie', category: { id: 1, name: 'Dogs' } });
    expect(['available', 'pending', 'sold']).toContain(template.status);
    expect(template.photoUrls.length).toBeGreaterThan(0);
    for (const url of template.photoUrls) expect(typeof url).toBe('string');
    expect(template.tags.length).toBeGreaterThan(0);
    for (const tag of template.tags)
      expect(tag).toEqual({ id: expect.any(Number), name: expect.any(String) });

    await main().getByRole('button', { name: 'Send' }).click();
    await toastOn(page, labMessages.sent).waitFor();
    const response = main().getByRole('region', { name: 'Response' });
    expect(await response.getByLabel('Status').textContent()).toBe('200 OK');
    const answer = response.getByRole('textbox', { name: 'Response body' });
    expect(await answer.getAttribute('aria-readonly')).toBe('true');
    expect(JSON.parse(await editorText(answer))).toMatchObject({ name: 'doggie', status: template.status });

    // The main navigation stays beside a long answer.
    const lab = mainNavigation().getByRole('link', { name: 'API Lab' });
    const view = await staysInView(lab);
    expect(view.scrolled).toBeGreaterThan(0);
    expect(view.top).toBeGreaterThanOrEqual(0);
    expect(view.bottom).toBeLessThanOrEqual(page.viewportSize()?.height ?? 0);
  });

  it('highlights, folds, matches brackets and says where a body stops being JSON', async () => {
    await signInWith('Petstore', PETSTORE);
    await mainNavigation().getByRole('link', { name: 'API Lab' }).click();
    await choose('API Name', 'Petstore');
    await choose('Request Method', 'POST /pet');
    await main().getByRole('tablist', { name: 'Request parts' }).getByRole('tab', { name: 'Body' }).click();
    const body = main().getByRole('textbox', { name: 'Body', exact: true });
    await expect.poll(async () => (await body.textContent()) ?? '').toContain('doggie');

    // Highlighting: strings and numbers are told apart by their colour.
    const colourOf = (text: string) =>
      body.getByText(text, { exact: true }).evaluate((el) => getComputedStyle(el).color);
    expect(await colourOf('"doggie"')).not.toBe(await colourOf('10'));

    // Bracket matching: the cursor beside the opening brace marks its closing one.
    await body.focus();
    await page.keyboard.press('ControlOrMeta+Home');
    expect(await body.locator('.cm-matchingBracket').count()).toBe(2);

    // Folding: the object folds to one line and opens again.
    const editor = body.locator('xpath=ancestor::div[contains(@class, "cm-editor")]');
    await editor.getByTitle('Fold line').filter({ visible: true }).first().click();
    await expect.poll(async () => (await body.textContent()) ?? '').not.toContain('doggie');
    await editor.getByTitle('Unfold line').filter({ visible: true }).first().click();
    await expect.poll(async () => (await body.textContent()) ?? '').toContain('doggie');

    // A syntax error is underlined where it is and named under the field.
    await replaceEditorText(body, '{\n  "name": "rex"\n  "photoUrls": []\n}');
    const message = main().getByText(/^Line 3, column 3: /);
    await message.waitFor();
    expect(await body.getAttribute('aria-invalid')).toBe('true');
    await body.locator('.cm-lintRange-error').waitFor();
    await replaceEditorText(body, '{"name": "rex", "photoUrls": []}');
    await message.waitFor({ state: 'detached' });
    expect(await body.getAttribute('aria-invalid')).toBeNull();
    // Leaving the field formats its JSON.
    await main().getByLabel('Request URL').focus();
    expect(await editorText(body)).toBe('{\n  "name": "rex",\n  "photoUrls": []\n}');
  });

  it('edits a body schema one property per row, and resets the sub-tab to the first', async () => {
    const api = await signInWith('Shipping', SHIPPING);
    const endpoint = (method: string) => api.apiConfigList.find((e) => e.methodType === method);
    await page.goto(`/request/${api.id}/${endpoint('POST')?.id}`);
    const subTab = (name: string) =>
      main().getByRole('tablist', { name: 'Request sections' }).getByRole('tab', { name });
    const topTab = (name: string) =>
      main().getByRole('tablist', { name: 'Endpoint sections' }).getByRole('tab', { name });
    await subTab('Body').click();

    const schema = main().getByRole('region', { name: 'Schema Parcel' });
    const row = (key: string) => schema.getByRole('group', { name: key, exact: true });
    await row('reference').waitFor();
    // One line per property: the key, every field and "Mandatory" share the row's height.
    for (const key of ['reference', 'speed', 'address', 'address.city']) {
      const box = await row(key).boundingBox();
      const mandatory = await row(key).getByLabel('Mandatory').boundingBox();
      const maxLength = await row(key).getByLabel('Max Length').boundingBox();
      if (!box || !mandatory || !maxLength) throw new Error(`row ${key} is not drawn`);
      expect(box.height).toBeLessThan(72);
      expect(
        Math.abs(mandatory.y + mandatory.height / 2 - (maxLength.y + maxLength.height / 2)),
      ).toBeLessThan(8);
    }
    expect(await row('reference').getByLabel('Mandatory').isChecked()).toBe(true);
    expect(await row('reference').getByLabel('Min Length').inputValue()).toBe('4');
    // Every column's name reads in full.
    for (const name of ['Min Length', 'Max Length', 'Default Value', 'Auto Generation', 'Mandatory']) {
      const header = schema.getByText(name, { exact: true });
      expect(await header.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    await row('speed').getByText('One of: standard, express, overnight').waitFor();
    // A nested property's key sits further right than its parent's.
    const parentKey = await row('address').getByText('address', { exact: true }).boundingBox();
    const childKey = await row('address.city').getByText('city', { exact: true }).boundingBox();
    expect((childKey?.x ?? 0) - (parentKey?.x ?? 0)).toBeGreaterThan(12);

    // Both navigation columns stay beside the long editor.
    const view = await staysInView(mainNavigation().getByRole('link', { name: 'APIs' }));
    expect(view.scrolled).toBeGreaterThan(0);
    expect(view.top).toBeGreaterThanOrEqual(0);
    const apis = await page
      .getByRole('navigation', { name: 'APIs' })
      .getByRole('heading', { name: 'APIs' })
      .boundingBox();
    expect(apis?.y ?? -1).toBeGreaterThanOrEqual(0);

    // spec §2: back to the first sub-tab when the top tab changes...
    await topTab('Response').click();
    await topTab('Request').click();
    expect(await subTab('Params').getAttribute('aria-selected')).toBe('true');
    // ...and when the endpoint changes, even back to one left on Body.
    await subTab('Body').click();
    // The sidebar shows the open endpoint's API expanded.
    await page.getByRole('navigation', { name: 'APIs' }).getByRole('link', { name: /^GET / }).click();
    await page.waitForURL(`**/request/${api.id}/${endpoint('GET')?.id}`);
    await topTab('Mapping').waitFor({ state: 'detached' });
    expect(await subTab('Params').getAttribute('aria-selected')).toBe('true');
    await page
      .getByRole('navigation', { name: 'APIs' })
      .getByRole('link', { name: /^POST / })
      .click();
    await page.waitForURL(`**/request/${api.id}/${endpoint('POST')?.id}`);
    await topTab('Mapping').waitFor(); // only a POST has one
    expect(await subTab('Params').getAttribute('aria-selected')).toBe('true');
  });

  it('shows the Copilot’s document in a read-only JSON editor beside a navigation that stays', async () => {
    const user = await signUpAndVerifyByApi(product);
    await signIn(page, user.username, user.password);
    await page.waitForURL('**/dashboard');
    await mainNavigation().getByRole('link', { name: 'API Copilot' }).click();
    await main().getByLabel('Project Name').fill('Library');
    const row = main().getByRole('group', { name: 'Endpoint 1' });
    await row.getByLabel('URL Path').fill('/books');
    await row.getByLabel('Description').fill('List books with title, author and isbn');
    await main().getByRole('button', { name: 'Send' }).click();
    const response = main().getByRole('textbox', { name: 'Response' });
    await expect.poll(async () => (await response.textContent()) ?? '').toContain('openapi');
    expect(await response.getAttribute('aria-readonly')).toBe('true');
    const document = JSON.parse(await editorText(response));
    expect(document.paths['/books'].get).toBeDefined();
    // Read-only: typing changes nothing.
    await response.focus();
    await page.keyboard.insertText('x');
    expect(JSON.parse(await editorText(response))).toEqual(document);

    const view = await staysInView(mainNavigation().getByRole('link', { name: 'API Copilot' }));
    expect(view.scrolled).toBeGreaterThan(0);
    expect(view.top).toBeGreaterThanOrEqual(0);
  });

  it('edits the test data as JSON and the sandbox answers the saved rows', async () => {
    const api = await signInWith('Books', BOOKS);
    const list = api.apiConfigList[0];
    // The editor's code arrives after the dialog has opened; held back here until asked for.
    let sendEditor = () => {};
    const editorAsked = new Promise<void>((resolve) => (sendEditor = resolve));
    await page.route(/\/CodeMirrorEditor-[^/]*\.js$/, async (route) => {
      await editorAsked;
      await route.continue();
    });
    await page.goto(`/request/${api.id}/${list.id}`);
    await main().getByRole('button', { name: 'Append Test Data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Test Data' });
    const rows = dialog.getByRole('textbox', { name: 'Rows (JSON)' });
    // What is below the editor stays where it is when the editor comes: a click aimed at it lands.
    await dialog.getByLabel('Loading the Rows (JSON) editor').waitFor();
    const template = dialog.getByRole('button', { name: 'Download CSV Template' });
    const whileLoading = await template.boundingBox();
    sendEditor();
    await rows.waitFor();
    expect(await template.boundingBox()).toEqual(whileLoading);
    await expect.poll(async () => (await rows.textContent()) ?? '').toBe('[]');
    const save = dialog.getByRole('button', { name: 'Save Rows' });
    expect(await save.isDisabled()).toBe(true);

    await replaceEditorText(rows, '[{"title": "Dune", "pages": 412}');
    await dialog.getByText(/^Line 1, column \d+: /).waitFor();
    expect(await save.isDisabled()).toBe(true);
    await replaceEditorText(rows, '[{"title": "Dune", "pages": 412}, {"title": "Emma", "pages": 474}]');
    await save.click();
    await toastOn(page, testDataMessages.rowsSaved).waitFor();
    await dialog.getByText('2 response rows stored.', { exact: false }).waitFor();

    const answer = await page.evaluate(
      async (url) => (await fetch(url)).json(),
      list.publicEndPoint as string,
    );
    expect(answer).toEqual([
      { title: 'Dune', pages: 412 },
      { title: 'Emma', pages: 474 },
    ]);
  });
});
