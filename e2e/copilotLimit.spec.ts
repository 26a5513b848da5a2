import { copilotMessages, testDataMessages } from '@sandbox/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { followLink, runProductInBrowser, toastOn } from './support/inBrowser.js';
import {
  importApiAs,
  openCopilotAsNewUser,
  sessionTokenOf,
  signIn,
  signUpAndVerifyByApi,
} from './support/journeys.js';
import type { RunningProduct } from './support/server.js';

let product: RunningProduct;
let page: Page;

// One AI call per team per ten minutes, so the second Send meets the limit.
runProductInBrowser({ product: (p) => (product = p), page: (p) => (page = p) }, { AI_RATE_LIMIT: '1/10m' });

describe('API Copilot over the team’s AI limit', () => {
  it('says how long to wait instead of "something went wrong"', async () => {
    await openCopilotAsNewUser(page, product);
    const main = page.getByRole('main');
    await main.getByLabel('Project Name').fill('Library');
    await main.getByRole('group', { name: 'Endpoint 1' }).getByLabel('URL Path').fill('/books');

    await main.getByRole('button', { name: 'Send' }).click();
    await toastOn(page, copilotMessages.sent).waitFor();
    await main.getByRole('button', { name: 'Send' }).click();
    await toastOn(page, 'Your team has made too many AI requests. Try again in 10 min.').waitFor();
    expect(await toastOn(page, copilotMessages.failed).count()).toBe(0);
  });
});

const NOTES = `openapi: 3.0.3
info: { title: Notes, version: 1.0.0 }
paths:
  /notes:
    get:
      responses:
        '200':
          description: Notes
          content:
            application/json:
              schema: { type: array, items: { type: object, properties: { text: { type: string } } } }
`;

describe('test-data generation over the team’s AI limit', () => {
  it('says how long to wait instead of "failed"', async () => {
    const user = await signUpAndVerifyByApi(product);
    await signIn(page, user.username, user.password);
    await page.waitForURL('**/dashboard');
    await importApiAs(product, await sessionTokenOf(page), { name: 'Notes', document: NOTES });
    await page.reload();
    const sidebar = page.getByRole('navigation', { name: 'APIs' });
    await sidebar.getByRole('button', { name: 'Notes', exact: true }).click();
    await followLink(sidebar.getByRole('link', { name: 'GET /notes' }));
    const main = page.getByRole('main');
    await main.getByRole('tab', { name: 'Response' }).click();
    await main.getByRole('button', { name: 'Append Test Data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Test Data' });

    await dialog.getByRole('button', { name: 'Generate Data' }).click();
    await toastOn(page, testDataMessages.generated).waitFor();
    await dialog.getByRole('button', { name: 'Generate Data' }).click();
    await toastOn(page, 'Your team has made too many AI requests. Try again in 10 min.').waitFor();
    expect(await toastOn(page, testDataMessages.generateFailed).count()).toBe(0);
  });
});
