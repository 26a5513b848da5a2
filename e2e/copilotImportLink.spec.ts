import { copilotMessages } from '@sandbox/contracts';
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { runProductInBrowser, toastOn } from './support/inBrowser.js';
import { openCopilotAsNewUser } from './support/journeys.js';
import type { RunningProduct } from './support/server.js';

let product: RunningProduct;
let page: Page;

runProductInBrowser({ product: (p) => (product = p), page: (p) => (page = p) });

const main = () => page.getByRole('main');

describe('API Copilot after an import', () => {
  it('leads to the API it imported', async () => {
    await openCopilotAsNewUser(page, product);
    await main().getByLabel('Project Name').fill('Library');
    const endpoint = main().getByRole('group', { name: 'Endpoint 1' });
    await endpoint.getByLabel('URL Path').fill('/books');
    await endpoint.getByLabel('Description').fill('List books with their title, author and isbn');
    await main().getByRole('button', { name: 'Send' }).click();
    await toastOn(page, copilotMessages.sent).waitFor();

    await main().getByRole('button', { name: 'Import to APIs' }).click();
    await toastOn(page, copilotMessages.imported).waitFor();
    await main().getByText('Imported as Library, version 1.0.').waitFor();
    await main().getByRole('link', { name: 'Open API' }).click();
    await page.waitForURL(/\/request\/\d+$/);
    await main().getByRole('heading', { level: 1, name: 'Library' }).waitFor();
  });
});
