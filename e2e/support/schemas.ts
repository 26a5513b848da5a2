import type { Locator, Page } from 'playwright-core';

/** Adds a property to a schema's editor (a region named "Schema <name>"), optionally mandatory. */
export async function addProperty(schema: Locator, key: string, options: { mandatory?: boolean } = {}) {
  await schema.getByRole('button', { name: 'Add Property' }).click();
  await schema.getByRole('group', { name: 'field', exact: true }).getByLabel('Key').fill(key);
  if (options.mandatory)
    await schema.getByRole('group', { name: key, exact: true }).getByLabel('Mandatory').check();
}

/** Saves the schema `name`'s editor and waits until the server has taken it. */
export async function saveSchema(page: Page, schema: Locator, name: string) {
  await Promise.all([
    page.waitForResponse(
      (r) => r.url().endsWith(`/schemas/${name}`) && r.request().method() === 'PUT' && r.ok(),
    ),
    schema.getByRole('button', { name: 'Save' }).click(),
  ]);
}
