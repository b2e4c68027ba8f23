import { expect, hasHorizontalScroll, signInAsPartner, test } from './fixtures';

// Partners mostly use a phone.
test.use({ viewport: { width: 390, height: 844 } });

test('promo banners: real images, HTML with the own tracking link, copy', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAsPartner(page, 'demopartner');
  await expect(page).toHaveURL(/\/partner\/dashboard$/);
  await page.goto('/rpc-app/partner/promobanners/hdreferral');
  const banner = page.getByRole('region', { name: 'Leaderboard 728x90' });
  await expect(banner.getByRole('img')).toBeVisible();
  const html = await banner.getByRole('textbox').inputValue();
  expect(html).toContain('/ref/hd/demopartner');
  expect(html).toContain('width="728" height="90"');
  await banner.getByRole('button', { name: 'Copy HTML of the 728x90 banner' }).click();
  await expect(page.getByText('Copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(html);
  expect(await hasHorizontalScroll(page)).toBe(false);

  // Every size of every product is a real image file.
  for (const product of ['rpc', 'hd']) {
    for (const size of ['728x90', '300x250', '160x600', '320x50']) {
      const response = await request.get(`/rpc-app/banners/${product}-${size}.svg`);
      expect(response.status(), `${product}-${size}`).toBe(200);
      expect(await response.text()).toContain('<svg');
    }
  }

  // The bounty banners link with the bounty link.
  await page.getByRole('tab', { name: 'Remote access bounty' }).click();
  await expect(page).toHaveURL(/\/promobanners\/rpcbounty$/);
  await expect(
    page.getByRole('region', { name: 'Mobile banner 320x50' }).getByRole('textbox'),
  ).toHaveValue(/\/ref\/rpc-bounty\/demopartner/);
});
