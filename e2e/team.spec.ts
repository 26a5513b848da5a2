import { messages, teamMessages } from '@sandbox/contracts';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage } from './support/browser.js';
import { runProductInBrowser, toastOn } from './support/inBrowser.js';
import {
  addInvitedMember,
  aNewUser,
  importApiAs,
  type NewUser,
  ORDERS_DOCUMENT,
  openSignIn,
  sessionOf,
  signIn,
  signUpAndVerifyByApi,
} from './support/journeys.js';
import { lastMailTo, type RunningProduct } from './support/server.js';

let product: RunningProduct;
let browser: Browser;

runProductInBrowser({ product: (p) => (product = p), browser: (b) => (browser = b) });

const toast = toastOn;
const main = (page: Page) => page.getByRole('main');
const counter = (page: Page, label: string) => main(page).getByRole('group', { name: label });
const memberRow = (page: Page, username: string) =>
  main(page).getByRole('row', { name: new RegExp(username) });

/** A team owner with one imported API, signed in on a fresh page and looking at the team. */
async function ownerOnTeamPage(): Promise<{ owner: NewUser; page: Page }> {
  const owner = await signUpAndVerifyByApi(product);
  await importApiAs(product, await sessionOf(product, owner.email), {
    name: 'Orders',
    document: ORDERS_DOCUMENT,
  });
  const page = await openPage(browser, product.url);
  await signIn(page, owner.username, owner.password);
  await page.waitForURL('**/dashboard');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Manage Team' })
    .click();
  await main(page).getByRole('heading', { name: 'Team Members' }).waitFor();
  return { owner, page };
}

describe('team members', () => {
  it("invites a Viewer who follows the mail, sets a password and sees the owner's APIs read-only", async () => {
    const { owner, page } = await ownerOnTeamPage();
    await main(page).getByText(`Manage members of ${owner.username}`).waitFor();
    await memberRow(page, owner.username).getByText('You', { exact: true }).waitFor();

    const viewer = aNewUser();
    await main(page).getByRole('button', { name: '+ Invite Member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite Team Member' });
    await dialog.getByLabel('Username').fill(viewer.username);
    expect(await dialog.getByLabel('Email').getAttribute('type')).toBe('email');
    await dialog.getByLabel('Email').fill(viewer.email);
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Viewer' }).click();
    await dialog.getByRole('button', { name: 'Send Invite' }).click();
    await toast(page, teamMessages.invited(viewer.email)).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await memberRow(page, viewer.username).getByText('Invitation pending').waitFor();
    expect(await counter(page, 'Pending Invites').innerText()).toContain('1');
    expect(await counter(page, 'Admins').innerText()).toContain('1');

    const mail = await lastMailTo(product, viewer.email);
    const link = new URL(mail.links.find((l) => l.includes('/verification/')) as string);
    expect(link.pathname).toMatch(/\/true\/\d+$/);
    const memberPage = await openPage(browser, product.url);
    await memberPage.goto(link.pathname);
    await memberPage.getByRole('heading', { name: 'Email verified' }).waitFor();
    await memberPage.getByRole('button', { name: 'Set your password now' }).click();
    // spec §2's address; the secret that lets this browser set the password travels beside it.
    await memberPage.waitForURL(`**/set-password/${link.pathname.split('/').at(-1)}`);
    await memberPage.getByRole('heading', { name: 'Set Your Password' }).waitFor();
    await memberPage.getByLabel('New Password').fill(viewer.password);
    await memberPage.getByLabel('Confirm Password').fill(viewer.password);
    await memberPage.getByRole('button', { name: 'Set Password' }).click();
    await toast(memberPage, messages.passwordSet).waitFor();
    await memberPage.waitForURL((url) => url.pathname === '/');

    await openSignIn(memberPage, '/');
    await memberPage.getByLabel('Email or Username').fill(viewer.username);
    await memberPage.getByLabel('Password', { exact: true }).fill(viewer.password);
    await memberPage.getByRole('button', { name: 'Sign In' }).click();
    await memberPage.waitForURL('**/dashboard');
    await main(memberPage)
      .getByRole('row', { name: /Orders/ })
      .waitFor();
    expect(await main(memberPage).getByRole('button', { name: 'Create New API' }).count()).toBe(0);

    await memberPage.goto('/manage-team');
    await memberRow(memberPage, viewer.username).getByText('You', { exact: true }).waitFor();
    await main(memberPage).getByText(`Manage members of ${owner.username}`).waitFor();
    expect(await main(memberPage).getByRole('button', { name: '+ Invite Member' }).count()).toBe(0);
    expect(await main(memberPage).getByRole('button', { name: 'Member actions' }).count()).toBe(0);

    await page.reload();
    await memberRow(page, viewer.username).getByText('Active', { exact: true }).waitFor();
    expect(await counter(page, 'Pending Invites').innerText()).toContain('0');
    expect(await counter(page, 'Active Members').innerText()).toContain('2');
  });

  it("lets the owner change a member's role and deactivate them", async () => {
    const { owner, page } = await ownerOnTeamPage();
    const member = await addInvitedMember(product, owner.email);
    await page.reload();
    const row = memberRow(page, member.username);
    await row.getByRole('cell', { name: 'Developer', exact: true }).waitFor();

    await row.getByRole('button', { name: 'Member actions' }).click();
    await page.getByRole('menuitem', { name: 'Change role to Admin' }).click();
    await page
      .getByRole('dialog', { name: 'Change role' })
      .getByRole('button', { name: 'Change role' })
      .click();
    await toast(page, teamMessages.roleChanged).waitFor();
    await row.getByRole('cell', { name: 'Admin', exact: true }).waitFor();
    expect(await counter(page, 'Admins').innerText()).toContain('2');

    await row.getByRole('button', { name: 'Member actions' }).click();
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    await page
      .getByRole('dialog', { name: 'Deactivate member' })
      .getByRole('button', { name: 'Deactivate' })
      .click();
    await toast(page, teamMessages.deactivated).waitFor();
    await row.getByText('Inactive', { exact: true }).waitFor();
    expect(await counter(page, 'Pending Invites').innerText()).toContain('0');
  });

  it("keeps the dialog open and shows the server's reason when an invitation is refused", async () => {
    const { owner, page } = await ownerOnTeamPage();
    await page.route('**/api/inviteTeamMember', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await main(page).getByRole('button', { name: '+ Invite Member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite Team Member' });
    await dialog.getByLabel('Username').fill(aNewUser().username);
    await dialog.getByLabel('Email').fill(owner.email);
    await dialog.getByRole('button', { name: 'Send Invite' }).click();
    await dialog.getByRole('button', { name: 'Sending...' }).waitFor();
    await toast(page, teamMessages.taken).waitFor();
    expect(await dialog.isVisible()).toBe(true);
  });
});
