import { expect, hasHorizontalScroll, signInAsPartner, test } from './fixtures';

// Partners mostly use a phone.
test.use({ viewport: { width: 390, height: 844 } });

test.describe('Partner dashboard and commission reports at phone size', () => {
  test('the dashboard shows this month, this quarter and the 12-month chart', async ({ page }) => {
    await signInAsPartner(page, 'demopartner');
    await expect(page).toHaveURL(/\/rpc-app\/partner\/dashboard$/);
    for (const name of ['This month', 'This quarter', 'Commissions over the last 12 months']) {
      await expect(page.getByRole('region', { name })).toBeVisible();
    }
    const month = page.getByRole('region', { name: 'This month' });
    for (const label of ['Clicks', 'Signups', 'Paying customers', 'Commission earned']) {
      await expect(month.getByText(label, { exact: true })).toBeVisible();
    }
    // A chart below the fold is drawn as it comes near the screen.
    const chart = page.getByRole('region', { name: 'Commissions over the last 12 months' });
    // Its legend is there at once, beside the chart's skeleton.
    await expect(chart.getByRole('status', { name: 'Loading the chart' })).toBeVisible();
    for (const series of ['Remote access', 'Helpdesk']) {
      await expect(chart.getByText(series, { exact: true })).toBeVisible();
    }
    await chart.scrollIntoViewIfNeeded();
    await expect(chart.locator('.recharts-surface')).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
  });

  test('a quarterly referral report opens by its URL, with table, totals, chart and CSV', async ({
    page,
  }) => {
    await signInAsPartner(page, 'demopartner');
    await expect(page).toHaveURL(/\/partner\/dashboard$/);
    const year = new Date().getFullYear() - 1;
    await page.goto(
      `/rpc-app/partner/newcommissionreport/referral/rpc/quarterly/4/${String(year)}`,
    );
    await expect(page.getByTestId('report-range')).toHaveText(`Q4 ${String(year)}`, {
      timeout: 15_000,
    });
    await expect(page.getByRole('region', { name: 'Totals' })).toBeVisible();
    await expect(page.getByRole('table')).toContainText('Total (');
    const chart = page.getByRole('region', { name: 'Commission over the range' });
    await chart.scrollIntoViewIfNeeded();
    await expect(chart.locator('.recharts-surface')).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    // The range type is remembered for the session, under the spec's key.
    const stored = await page.evaluate(() => sessionStorage.getItem('refferral_range_type_rpc'));
    expect(stored).toBe('quarterly');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^referral-rpc-.*\.csv$/);
  });

  test('a month range across a year end, and the quarter picker changes the URL', async ({
    page,
  }) => {
    await signInAsPartner(page, 'demopartner');
    await expect(page).toHaveURL(/\/partner\/dashboard$/);
    const year = new Date().getFullYear();
    await page.goto(
      `/rpc-app/partner/newcommissionreport/referral/hd/monthly/11/${String(year - 1)}/1/${String(year)}`,
    );
    await expect(page.getByTestId('report-range')).toHaveText(
      `Nov ${String(year - 1)} – Jan ${String(year)}`,
      {
        timeout: 15_000,
      },
    );
    await page.getByText('Quarterly', { exact: true }).click();
    await expect(page).toHaveURL(/\/referral\/hd\/quarterly\/\d\/\d{4}$/);
    expect(await hasHorizontalScroll(page)).toBe(false);
  });

  test('the bounty report defaults to the last 7 days', async ({ page }) => {
    await signInAsPartner(page, 'demopartner');
    await expect(page).toHaveURL(/\/partner\/dashboard$/);
    await page.goto('/rpc-app/partner/newcommissionreport/bounty');
    const pad = (n: number) => String(n).padStart(2, '0');
    const today = new Date();
    const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 6);
    const mdy = (d: Date) =>
      `${pad(d.getMonth() + 1)}-${pad(d.getDate())}-${String(d.getFullYear())}`;
    await expect(page.getByTestId('report-range')).toHaveText(`${mdy(from)} to ${mdy(today)}`, {
      timeout: 15_000,
    });
    expect(await hasHorizontalScroll(page)).toBe(false);
  });
});
