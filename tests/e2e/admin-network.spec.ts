import { expect as baseExpect, test, type Page } from '@playwright/test';
import {
  acceptTermsBeforehand,
  givenUser,
  registeredBy,
  signInAs,
  watchConsole,
  type TestUser,
} from './admin.helpers.js';

// Issue 12: the Network tree, the Merchant list and the Admin account, in the browser.

// The machine is shared with other runs: answers may take longer than the default 5 s.
const expect = baseExpect.configure({ timeout: 15_000 });

test.use({ permissions: ['geolocation'], geolocation: { latitude: 26.9124, longitude: 75.7873 } });

const node = (page: Page, user: TestUser) => page.getByTestId(`network-node-${user.mobile}`);

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => {
    // The test files are typed without the DOM library: name the one part read here.
    const { documentElement } = (
      globalThis as unknown as {
        document: { documentElement: { scrollWidth: number; clientWidth: number } };
      }
    ).document;
    return documentElement.scrollWidth - documentElement.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a super distributor opens its tree down to a retailer, and sees no other network', async ({
  page,
  request,
  baseURL,
}, info) => {
  // Many users and sign-ins on a machine shared with other runs: give it time.
  test.slow();
  const tag = String(Date.now()).slice(-6);
  const sd = await givenUser(request, { role: 'sdistributor', name: `Sd ${tag}` });
  const distributor = await registeredBy(request, sd, 'distributor', `Dist ${tag}`);
  const retailer = await registeredBy(request, distributor, 'khataEmployee2', `Shop ${tag} Mine`);
  const otherSd = await givenUser(request, { role: 'sdistributor', name: `Other ${tag}` });
  const otherD = await registeredBy(request, otherSd, 'distributor', `Odist ${tag}`);
  const stranger = await registeredBy(request, otherD, 'khataEmployee2', `Shop ${tag} Theirs`);

  const errors = watchConsole(page);
  await acceptTermsBeforehand(page.context(), baseURL);
  await signInAs(page, sd);
  await page.goto('/admin/network');
  await expect(page.getByRole('heading', { name: 'Network', level: 1 })).toBeVisible();

  // The tree opens on the super distributor, its distributor below; the retailer after expanding.
  await expect(node(page, sd)).toBeVisible();
  await expect(node(page, distributor)).toContainText('Distributor');
  await expect(node(page, retailer)).toHaveCount(0);
  const distributorRow = page.locator('.ant-tree-treenode', { has: node(page, distributor) });
  await distributorRow.locator('.ant-tree-switcher').click();
  await expect(node(page, retailer)).toBeVisible();
  await expect(node(page, retailer)).toContainText('Retailer');
  await expect(node(page, retailer)).toContainText('Balance ₹0.00');
  await expect(node(page, stranger)).toHaveCount(0);
  await noSidewaysScroll(page);
  await page.screenshot({ path: info.outputPath('network.png'), fullPage: true });

  // The search finds the retailer of this network, never the other one's.
  const search = page.getByRole('searchbox', { name: 'Search the network' });
  await search.fill(`Shop ${tag}`);
  await search.press('Enter');
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('button')).toHaveCount(1);
  await expect(results).toContainText(retailer.name);
  await expect(results).toContainText(`${sd.name} › ${distributor.name}`);
  await results.getByRole('button').click();
  await expect(page.locator('.ant-tree-treenode-selected')).toContainText(retailer.name);

  // The merchant list: the retailer, not the other network's.
  await page.goto('/admin/merchantList');
  const merchants = page.getByRole('region', { name: 'Merchants' });
  await expect(merchants).toContainText(retailer.name);
  await expect(merchants).toContainText(`${retailer.name} Store`);
  await expect(merchants).not.toContainText(stranger.name);
  await noSidewaysScroll(page);
  await page.screenshot({ path: info.outputPath('merchant-list.png'), fullPage: true });
  expect(errors).toEqual([]);
});

test('the admin account shows the company accounts, totalling the top bar balance', async ({
  page,
  request,
  baseURL,
}, info) => {
  // Many users and sign-ins on a machine shared with other runs: give it time.
  test.slow();
  // An admin of its own: E2E_ADMIN signs in through the API in parallel tests, which would
  // sign this browser out (one session per user at a time).
  const admin = await givenUser(request, {
    role: 'admin',
    name: 'Books Keeper',
    rupees: '1234.50',
  });
  await acceptTermsBeforehand(page.context(), baseURL);
  await signInAs(page, admin);
  await page.goto('/admin/adminAccount');
  await expect(page.getByRole('heading', { name: 'Admin account', level: 1 })).toBeVisible();
  const total = page.getByTestId('company-total').locator('.admin-stat__value');
  await expect(total).toHaveText('₹1,234.50');
  await expect(page.getByTestId('topbar-balance')).toContainText((await total.textContent())!);
  const system = page.getByRole('table');
  await expect(system).toContainText('Fee income');
  await expect(system).toContainText('Funding');
  await noSidewaysScroll(page);
  await page.screenshot({ path: info.outputPath('admin-account.png'), fullPage: true });

  // The dashboard links to the network screens and shows the queues.
  await page.goto('/admin/dashboard');
  await expect(page.getByTestId('queue-stuck')).toBeVisible();
  // Each queue is a link to the screen that works it off.
  for (const [queue, path] of [
    ['queue-kyc', '/admin/kycApprovals'],
    ['queue-aeps', '/admin/aepsApprovals'],
  ] as const) {
    await expect(page.getByTestId(queue).getByRole('link')).toHaveAttribute('href', path);
  }
  await expect(page.getByTestId('figure-users')).toContainText(/\d+/);
  await noSidewaysScroll(page);
  await page.screenshot({ path: info.outputPath('admin-dashboard.png'), fullPage: true });
  await page
    .getByRole('region', { name: 'Network figures' })
    .getByRole('link', { name: 'Network', exact: true })
    .click();
  await expect(page).toHaveURL(/\/admin\/network$/);
});

test('an employee still finds the Control Panel at /admin/adminAccount', async ({
  page,
  request,
  baseURL,
}) => {
  // Many users and sign-ins on a machine shared with other runs: give it time.
  test.slow();
  const employee = await givenUser(request, { role: 'khataEmployee2', name: 'Panel Keeper' });
  await acceptTermsBeforehand(page.context(), baseURL);
  await signInAs(page, employee);
  await page.goto('/admin/adminAccount');
  await expect(page.getByRole('heading', { name: 'Control Panel', level: 1 })).toBeVisible();
  await page.goto('/admin/network');
  await expect(page.getByRole('heading', { name: 'Not available to you' })).toBeVisible();
});
