import { readFile } from 'node:fs/promises';
import { apiMessages, copilotMessages } from '@sandbox/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { editorText } from './support/editors.js';
import { runProductInBrowser, toastOn } from './support/inBrowser.js';
import { openCopilotAsNewUser } from './support/journeys.js';
import type { RunningProduct } from './support/server.js';

let product: RunningProduct;
let page: Page;

runProductInBrowser({ product: (p) => (product = p), page: (p) => (page = p) });

const toast = (text: string) => toastOn(page, text);
const main = () => page.getByRole('main');
const row = (n: number) => main().getByRole('group', { name: `Endpoint ${n}` });

async function fillRow(n: number, method: string, url: string, description: string) {
  await row(n).getByRole('combobox', { name: 'Request Method' }).click();
  await page.getByRole('option', { name: method, exact: true }).click();
  await row(n).getByLabel('URL Path').fill(url);
  await row(n).getByLabel('Description').fill(description);
}

describe('API Copilot', () => {
  it('turns a project and its endpoints into a document, imports it and downloads it', async () => {
    await openCopilotAsNewUser(page, product);
    expect(await main().getByLabel('Project Name').getAttribute('placeholder')).toBe('User');
    expect(await main().getByRole('button', { name: 'Import to APIs' }).isDisabled()).toBe(true);
    expect(await main().getByRole('button', { name: 'Download' }).isDisabled()).toBe(true);

    await main().getByLabel('Project Name').fill('Library');
    await main()
      .getByRole('textbox', { name: 'Description', exact: true })
      .first()
      .fill('A lending library. Books have a title, author and isbn.');
    await fillRow(1, 'GET', '/books', 'List books');
    await row(1).getByRole('button', { name: 'Add endpoint' }).click();
    await fillRow(2, 'POST', '/books', 'Add a book with title, author and isbn');
    await row(1).getByRole('button', { name: 'Add endpoint' }).click();
    await fillRow(3, 'DELETE', '/books/{id}', 'Remove a book');
    expect(await row(1).getByRole('button', { name: 'Remove endpoint' }).count()).toBe(0);
    await row(3).getByRole('button', { name: 'Remove endpoint' }).click();
    expect(
      await main()
        .getByRole('group', { name: /^Endpoint \d$/ })
        .count(),
    ).toBe(2);

    await main().getByRole('button', { name: 'Send' }).click();
    await toast(copilotMessages.sent).waitFor();
    const response = main().getByRole('textbox', { name: 'Response' });
    await expect.poll(async () => (await response.textContent()) ?? '').toContain('openapi');
    const document = JSON.parse(await editorText(response));
    expect(document.openapi).toBe('3.0.3');
    expect(Object.keys(document.paths)).toEqual(['/books']);
    expect(Object.keys(document.paths['/books'])).toEqual(['get', 'post']);
    expect(Object.keys(document.components.schemas.BookInput.properties)).toEqual([
      'title',
      'author',
      'isbn',
    ]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      main().getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('response.json');
    expect(JSON.parse(await readFile((await download.path()) as string, 'utf8'))).toEqual(document);

    await main().getByRole('button', { name: 'Import to APIs' }).click();
    await toast(copilotMessages.imported).waitFor();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'APIs' })
      .click();
    const imported = main().getByRole('row', { name: /Library/ });
    await imported.waitFor();
    await imported.getByText('1.0', { exact: true }).waitFor();
    expect(await main().getByText(apiMessages.noApiFound).count()).toBe(0);
  });

  it('keeps a URL path that does not start with a slash from being sent', async () => {
    await openCopilotAsNewUser(page, product);
    await main().getByLabel('Project Name').fill('Library');
    await row(1).getByLabel('URL Path').fill('books');
    await main().getByRole('button', { name: 'Send' }).click();
    await row(1).getByText('URL path must start with /').waitFor();
    expect(await editorText(main().getByRole('textbox', { name: 'Response' }))).toBe('');
  });

  it('lets a Viewer read the screen but not send, import or download', async () => {
    await openCopilotAsNewUser(page, product);
    await page.evaluate(() => sessionStorage.setItem('roleId', '1'));
    await page.reload();
    await main().getByLabel('Project Name').fill('Library');
    expect(await main().getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    expect(await main().getByRole('button', { name: 'Import to APIs' }).isDisabled()).toBe(true);
    expect(await main().getByRole('button', { name: 'Download' }).isDisabled()).toBe(true);
    expect(await row(1).getByRole('button', { name: 'Add endpoint' }).isDisabled()).toBe(true);
  });
});
