import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type ApiMaster, apiMessages, designPaths, ROLE_DEVELOPER, ROLE_VIEWER } from '@sandbox/contracts';
import type { Locator, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { runProductInBrowser, toastOn } from './support/inBrowser.js';
import {
  addMember,
  deployByApi,
  importApiAs,
  ORDERS_DOCUMENT,
  sessionOf,
  signIn,
  signUpAndVerifyByApi,
} from './support/journeys.js';
import { addProperty } from './support/schemas.js';
import type { RunningProduct } from './support/server.js';

// A first-time user's laptop screen: every screen of these journeys fits it without sideways scrolling.
const WIDTH = 1440;
const HEIGHT = 900;

const PETSTORE = readFileSync(
  createRequire(import.meta.url).resolve('@readme/oas-examples/3.0/json/petstore.json'),
  'utf8',
);

let product: RunningProduct;
let page: Page;

runProductInBrowser({ product: (p) => (product = p), page: (p) => (page = p) });
beforeEach(() => page.setViewportSize({ width: WIDTH, height: HEIGHT }));

const main = () => page.getByRole('main');
const sidebar = () => page.getByRole('navigation', { name: 'APIs' });

type Owner = Awaited<ReturnType<typeof signUpAndVerifyByApi>>;
let petstoreOwner: Promise<{ owner: Owner; jwt: string; petstore: ApiMaster }> | undefined;

/** The owner of a deployed Petstore (made once, for the journeys that only look), signed in on the dashboard. */
async function ownerWithPetstore() {
  petstoreOwner ??= (async () => {
    const owner = await signUpAndVerifyByApi(product);
    const jwt = await sessionOf(product, owner.email, owner.password);
    const imported = await importApiAs(product, jwt, { name: 'Petstore', document: PETSTORE });
    return { owner, jwt, petstore: await deployByApi(product, jwt, imported.id) };
  })();
  const made = await petstoreOwner;
  await signIn(page, made.owner.username, made.owner.password);
  await page.waitForURL('**/dashboard');
  return made;
}

const endpointPath = (api: ApiMaster, method: string, path: string) => {
  const found = api.apiConfigList.find((e) => e.methodType === method && e.apiEndPoint === path);
  if (!found) throw new Error(`${method} ${path} is not an endpoint of ${api.apiMasterName}`);
  return `/request/${api.id}/${found.id}`;
};

/** What scrolls sideways: the page itself, or a box of the main area that scrolls on its own. */
function sidewaysScrolling(): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.scrollingElement as Element;
    if (root.scrollWidth > root.clientWidth)
      found.push(`the page: ${root.scrollWidth} > ${root.clientWidth}`);
    for (const box of document.querySelectorAll('main *')) {
      const { overflowX } = getComputedStyle(box);
      if ((overflowX === 'auto' || overflowX === 'scroll') && box.scrollWidth > box.clientWidth)
        found.push(`${box.textContent?.slice(0, 40)}: ${box.scrollWidth} > ${box.clientWidth}`);
    }
    return found;
  });
}

/**
 * Whether a control, once the page is scrolled up or down to it (never sideways), is within the
 * window's width with nothing else over its middle.
 */
function inViewUncovered(control: Locator): Promise<boolean> {
  return control.evaluate((element) => {
    window.scrollBy(0, element.getBoundingClientRect().top - window.innerHeight / 2);
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return box.left >= 0 && box.right <= window.innerWidth && hit !== null && element.contains(hit);
  });
}

describe('API settings', () => {
  it('renames an API, changes its version and turns auth on; the dashboard and the sandbox follow', async () => {
    const owner = await signUpAndVerifyByApi(product);
    const jwt = await sessionOf(product, owner.email, owner.password);
    const imported = await importApiAs(product, jwt, { name: 'Orders', document: ORDERS_DOCUMENT });
    const { apiBaseUrl } = await deployByApi(product, jwt, imported.id);
    const callSandbox = async () => (await fetch(`${apiBaseUrl}/orders`)).status;
    expect(await callSandbox()).toBe(200);
    await signIn(page, owner.username, owner.password);
    await page.waitForURL('**/dashboard');

    await main()
      .getByRole('row', { name: /Orders/ })
      .getByRole('button', { name: 'Settings' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'API Settings' });
    const version = dialog.getByLabel('Version');
    expect(await version.inputValue()).toBe('1.0');
    // spec §5: a version is a digit, a dot and a digit; what does not fit is said, not dropped silently
    await version.fill('');
    await version.pressSequentially('1.2.3');
    expect(await version.inputValue()).toBe('1.2');
    const cut = dialog.getByText('Only a digit, a dot and a digit fit: the version is kept as 1.2');
    await cut.waitFor();
    await version.fill('2.1');
    await cut.waitFor({ state: 'detached' });

    await dialog.getByLabel('Name').fill('orders desk');
    await dialog.getByLabel('Description').fill('Orders taken at the desk');
    await dialog.getByLabel('Is Auth Required').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toastOn(page, apiMessages.updateSuccess).waitFor();
    await dialog.waitFor({ state: 'detached' });

    const row = main().getByRole('row', { name: /Orders desk/ });
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('2.1');
    expect(await row.getByRole('cell').nth(2).textContent()).toBe('Orders taken at the desk');
    await sidebar().getByRole('button', { name: 'Orders desk', exact: true }).waitFor();
    // the deployed sandbox now asks for a token of the API
    await expect.poll(callSandbox).toBe(401);
  });

  it('is offered to an Owner and a Developer, on the dashboard and the API overview, and not to a Viewer', async () => {
    const owner = await signUpAndVerifyByApi(product);
    const jwt = await sessionOf(product, owner.email, owner.password);
    const api = await importApiAs(product, jwt, { name: 'Ledger', document: ORDERS_DOCUMENT });
    const offered = async (login: { username: string; password: string }) => {
      if (page.url().startsWith('http')) await page.evaluate(() => sessionStorage.clear());
      await signIn(page, login.username, login.password);
      await page.waitForURL('**/dashboard');
      const row = main().getByRole('row', { name: /Ledger/ });
      await row.getByRole('link', { name: 'Requests' }).waitFor();
      const inRow = await row.getByRole('button', { name: 'Settings' }).count();
      await page.goto(`/request/${api.id}`);
      await main().getByRole('heading', { name: 'Ledger', level: 1 }).waitFor();
      const onOverview = await main().getByRole('button', { name: 'Settings' }).count();
      return [inRow, onOverview];
    };

    expect(await offered(owner)).toEqual([1, 1]);
    expect(await offered(await addMember(product, owner.email, ROLE_DEVELOPER))).toEqual([1, 1]);
    expect(await offered(await addMember(product, owner.email, ROLE_VIEWER))).toEqual([0, 0]);
  });
});

describe(`the screens at ${WIDTH}×${HEIGHT}`, () => {
  it('shows the dashboard with a deployed API whole, its row actions in view and working', async () => {
    await ownerWithPetstore();
    const row = main().getByRole('row', { name: /Petstore/ });
    await row.getByRole('button', { name: 'Copy endpoint URL' }).waitFor();
    expect(await sidewaysScrolling()).toEqual([]);
    const actions = [
      row.getByRole('link', { name: 'Requests' }),
      row.getByRole('button', { name: 'Settings' }),
      row.getByRole('button', { name: 'Update from file' }),
    ];
    for (const action of actions) expect(await inViewUncovered(action)).toBe(true);
    await row.getByRole('button', { name: 'Update from file' }).click();
    await page.getByRole('dialog').waitFor();
  });

  it("shows POST /pet's body and its schemas whole, Mandatory and Actions in view and working", async () => {
    const { petstore } = await ownerWithPetstore();
    await page.goto(endpointPath(petstore, 'POST', '/pet'));
    await main().getByRole('tab', { name: 'Body' }).click();
    const pet = main().getByRole('region', { name: 'Schema Pet', exact: true });
    await pet.getByRole('group', { name: 'status' }).waitFor();
    expect(await sidewaysScrolling()).toEqual([]);

    const status = pet.getByRole('group', { name: 'status' });
    expect(await inViewUncovered(status.getByLabel('Mandatory'))).toBe(true);
    expect(await inViewUncovered(status.getByRole('button', { name: 'Constraints' }))).toBe(true);
    await status.getByLabel('Mandatory').check();
    await status.getByRole('button', { name: 'Constraints' }).click();
    expect(await status.getByRole('button', { name: 'Constraints' }).getAttribute('aria-expanded')).toBe(
      'true',
    );

    // a key being typed stays in its column: nothing lies over the type beside it
    await addProperty(pet, 'shippingAddressOfTheOwner');
    const typed = pet.getByRole('group', { name: 'shippingAddressOfTheOwner' });
    const key = await typed.getByRole('textbox', { name: 'Key' }).boundingBox();
    const type = await typed.getByRole('combobox', { name: 'Type' }).boundingBox();
    expect(key && type && key.x + key.width <= type.x).toBe(true);
    expect(await inViewUncovered(typed.getByRole('combobox', { name: 'Type' }))).toBe(true);
    expect(await inViewUncovered(typed.getByRole('button', { name: 'Remove Property' }))).toBe(true);
    expect(await sidewaysScrolling()).toEqual([]);
  });

  it('shows the editor of an eight-property schema whole, the last row in view', async () => {
    const { petstore } = await ownerWithPetstore();
    await page.goto(endpointPath(petstore, 'POST', '/user'));
    await main().getByRole('tab', { name: 'Body' }).click();
    const user = main().getByRole('region', { name: 'Schema User', exact: true });
    const last = user.getByRole('group', { name: 'userStatus' });
    await last.waitFor();
    expect(await user.getByRole('group').count()).toBe(8);
    expect(await sidewaysScrolling()).toEqual([]);
    expect(await inViewUncovered(last.getByLabel('Mandatory'))).toBe(true);
    expect(await inViewUncovered(last.getByRole('button', { name: 'Constraints' }))).toBe(true);
  });
});

describe('the endpoint screen', () => {
  it('opens on the endpoint header and its Params; the API-wide panels are on the API overview', async () => {
    const { petstore } = await ownerWithPetstore();
    await page.goto(endpointPath(petstore, 'POST', '/pet'));
    const header = main().getByRole('heading', { name: 'Petstore', level: 1 });
    await header.waitFor();
    const mainBox = await main().boundingBox();
    const headerBox = await header.boundingBox();
    // nothing above the header but the main area's own margin
    expect(mainBox && headerBox && headerBox.y - mainBox.y).toBeLessThan(48);
    const addParameter = await main().getByRole('button', { name: 'Add Parameter' }).boundingBox();
    expect(addParameter && addParameter.y + addParameter.height).toBeLessThanOrEqual(HEIGHT);

    await header.getByRole('link', { name: 'Petstore' }).click();
    await page.waitForURL(`**/request/${petstore.id}`);
    await main().getByRole('button', { name: '1 import warning' }).waitFor();
    await main().getByRole('form', { name: 'Deterministic answers' }).waitFor();
    await main().getByRole('form', { name: 'API default behaviour' }).waitFor();
  });

  it("says why POST /pet's Media Type and Required cannot change, to the eye and to a screen reader", async () => {
    const { petstore } = await ownerWithPetstore();
    await page.goto(endpointPath(petstore, 'POST', '/pet'));
    await main().getByRole('tab', { name: 'Body' }).click();
    const mediaType = main().getByRole('combobox', { name: 'Media Type' });
    const required = main().getByLabel('Required');
    await mediaType.waitFor();
    expect(await mediaType.getAttribute('aria-disabled')).toBe('true');
    expect(await required.isDisabled()).toBe(true);

    const reason = 'Kept as imported: the document declares this body in several media types';
    expect(await main().getByText(reason).isVisible()).toBe(true);
    const description = (control: Locator) =>
      control.evaluate((element) =>
        document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent?.trim(),
      );
    expect(await description(mediaType)).toBe(reason);
    expect(await description(required)).toBe(reason);
  });
});

const KENNEL = `openapi: 3.0.3
info: { title: Kennel, version: 1.0.0 }
paths:
  /pets/{id}:
    get:
      parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
      responses:
        '200': { description: OK, content: { application/json: { schema: { $ref: '#/components/schemas/Pet' } } } }
components:
  schemas:
    Pet: { type: object, properties: { id: { type: integer }, name: { type: string } } }
`;

describe('a schema that is a list of another', () => {
  it('says it is a list of that schema, with its keys and a link to its card', async () => {
    const owner = await signUpAndVerifyByApi(product);
    const jwt = await sessionOf(product, owner.email, owner.password);
    const kennel = await importApiAs(product, jwt, { name: 'Kennel', document: KENNEL });
    // what the New Schema dialog's "List of another schema" creates
    const res = await fetch(`${product.url}${designPaths.schemas(kennel.id)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${jwt}` },
      body: JSON.stringify({
        schemaName: 'Litter',
        schemaType: 'array',
        itemsRef: '#/components/schemas/Pet',
        itemsType: 'object',
      }),
    });
    expect(res.status).toBe(201);
    await signIn(page, owner.username, owner.password);
    await page.waitForURL('**/dashboard');

    await page.goto(`/request/${kennel.id}`);
    const litter = main().getByRole('region', { name: 'Schema Litter', exact: true });
    await litter.waitFor();
    expect(await litter.getByText('This schema has no properties').count()).toBe(0);
    expect(await litter.getByText(/^A list of/).textContent()).toBe('A list of Pet, each with id, name.');
    await litter.getByRole('link', { name: 'Pet' }).click();
    await page.waitForURL('**#schema-Pet');
    const pet = main().getByRole('region', { name: 'Schema Pet', exact: true });
    // the link leads to the card of Pet, which comes into view
    const top = await pet.evaluate((card) => card.getBoundingClientRect().top);
    expect(top >= 0 && top < HEIGHT).toBe(true);
    expect(await pet.getAttribute('id')).toBe('schema-Pet');
  });
});
