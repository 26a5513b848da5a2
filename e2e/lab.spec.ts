import { type ApiMaster, copilotPaths, labMessages } from '@sandbox/contracts';
import type { Page } from 'playwright-core';
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

const toast = (text: string) => toastOn(page, text);
const main = () => page.getByRole('main');
const requestTab = (name: string) =>
  main().getByRole('tablist', { name: 'Request parts' }).getByRole('tab', { name });

/** A signed-in user with a Library API made by the Copilot, imported with auth required, deployed. */
async function signInWithLibrary(): Promise<ApiMaster> {
  const user = await signUpAndVerifyByApi(product);
  await signIn(page, user.username, user.password);
  await page.waitForURL('**/dashboard');
  const token = await sessionTokenOf(page);
  const generated = await fetch(`${product.url}${copilotPaths.generate}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      projectName: 'Library',
      description: '',
      endpoints: [
        { method: 'POST', url: '/books', description: 'Add a book with title, author and isbn' },
        { method: 'GET', url: '/books/{id}', description: 'Get one book' },
      ],
    }),
  });
  const api = await importApiAs(product, token, {
    name: 'Library',
    document: await generated.text(),
    isAuthRequired: true,
  });
  return deployByApi(product, token, api.id);
}

async function choose(label: string, option: string) {
  await main().getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function openLab() {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'API Lab' })
    .click();
  await page.waitForURL('**/api-lab');
}

describe('API Lab', () => {
  it('sends a POST to the sandbox with a generated token and shows the answer', async () => {
    const api = await signInWithLibrary();
    await openLab();
    expect(await main().getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    expect(await main().getByRole('button', { name: 'Generate Token' }).isDisabled()).toBe(true);

    await choose('API Name', 'Library');
    await choose('Request Method', 'POST /books');
    const post = api.apiConfigList.find((e) => e.methodType === 'POST');
    expect(await main().getByLabel('Request URL').inputValue()).toBe(post?.publicEndPoint);

    await requestTab('Body').click();
    const body = main().getByRole('textbox', { name: 'Body', exact: true });
    // spec §4: the schema's keys, each with an example of its type.
    await expect.poll(async () => (await body.textContent()) ?? '').toContain('isbn');
    const template = JSON.parse(await editorText(body));
    expect(Object.keys(template)).toEqual(['title', 'author', 'isbn']);
    for (const value of Object.values(template)) expect(typeof value).toBe('string');
    await replaceEditorText(body, '{"title":"Dune","author":"Frank Herbert","isbn":"978-0441013593"}');
    await main().getByLabel('Request URL').focus();
    expect(await editorText(body)).toBe(
      '{\n  "title": "Dune",\n  "author": "Frank Herbert",\n  "isbn": "978-0441013593"\n}',
    );

    await main().getByRole('button', { name: 'Generate Token' }).click();
    await toast(labMessages.tokenGenerated).waitFor();
    await requestTab('Headers').click();
    const authorization = main().getByRole('group', { name: 'Header 1' });
    expect(await authorization.getByLabel('Key').inputValue()).toBe('Authorization');
    expect(await authorization.getByLabel('Value').inputValue()).toMatch(/^Bearer sbx_/);

    await main().getByRole('button', { name: 'Send' }).click();
    await toast(labMessages.sent).waitFor();
    const response = main().getByRole('region', { name: 'Response' });
    expect(await response.getByLabel('Status').textContent()).toBe('201 Created');
    await response.getByText(/^Time: \d+ ms$/).waitFor();
    const answer = JSON.parse(await editorText(response.getByRole('textbox', { name: 'Response body' })));
    expect(answer).toMatchObject({ title: 'Dune', author: 'Frank Herbert', isbn: '978-0441013593' });

    await response.getByRole('tab', { name: /^Headers/ }).click();
    await response.getByRole('cell', { name: 'content-type', exact: true }).waitFor();
    await response.getByRole('button', { name: 'Copy as cURL' }).click();
    await toast(labMessages.curlCopied).waitFor();
    const curl = await page.evaluate(() => navigator.clipboard.readText());
    expect(curl).toContain(`curl -X POST '${post?.publicEndPoint}'`);
    expect(curl).toContain("-H 'Authorization: Bearer sbx_");

    // spec §4: an API that requires auth and has a token starts with its Authorization header.
    await page.reload();
    await choose('API Name', 'Library');
    expect(await main().getByLabel('Request URL').inputValue()).toBe('');
    await choose('Request Method', 'POST /books');
    await requestTab('Headers').click();
    expect(await main().getByRole('group', { name: 'Header 1' }).getByLabel('Value').inputValue()).toMatch(
      /^Bearer sbx_/,
    );
  });

  it('replaces a path placeholder as its value is typed', async () => {
    await signInWithLibrary();
    await openLab();
    await choose('API Name', 'Library');
    await choose('Request Method', 'GET /books/{id}');
    const url = main().getByLabel('Request URL');
    expect(await url.inputValue()).toMatch(/\/books\/\{id\}$/);
    await main().getByRole('group', { name: 'Path params' }).getByLabel('id').pressSequentially('b-42');
    expect(await url.inputValue()).toMatch(/\/books\/b-42$/);
    await requestTab('Body').click();
    expect(await editorText(main().getByRole('textbox', { name: 'Body', exact: true }))).toBe('');
  });

  it('shows why a request to a private address is refused', async () => {
    await signInWithLibrary();
    await openLab();
    await choose('API Name', 'Library');
    await choose('Request Method', 'GET /books/{id}');
    await main().getByLabel('Request URL').fill('http://169.254.169.254/latest/meta-data/');
    await main().getByRole('button', { name: 'Send' }).click();
    await toast(labMessages.failed).waitFor();
    expect(await editorText(main().getByRole('textbox', { name: 'Response body' }))).toContain(
      labMessages.privateAddress,
    );
  });

  it('lets a Viewer look but not send or generate a token', async () => {
    await signInWithLibrary();
    await page.evaluate(() => sessionStorage.setItem('roleId', '1'));
    await openLab();
    await choose('API Name', 'Library');
    await choose('Request Method', 'POST /books');
    expect(await main().getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    expect(await main().getByRole('button', { name: 'Generate Token' }).isDisabled()).toBe(true);
    await requestTab('Query Params').click();
    expect(await main().getByRole('button', { name: 'Add query param' }).isDisabled()).toBe(true);
  });
});
