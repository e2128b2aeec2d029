import { expect, test } from '@playwright/test';
import { gameOf, hoverGhost, newGame, openTable, shot, topDown, watchConsole } from './helpers';

/**
 * docs/speed.md, "Bundle size": the deployment and Combat Jump tools and zod's compiler are not in the
 * first chunk; the page fetches them as it mounts, unasked. Here a new game is begun, then the page goes
 * offline and a trooper is placed: nothing the deployment tool needs is fetched at that moment.
 */
test('the table tools and zod\u2019s compiler arrive after the first frame, unasked; offline from then on, a trooper is still placed', async ({ page, context }) => {
  test.setTimeout(120_000);
  const log = watchConsole(page);
  const fetched: string[] = [];
  page.on('requestfinished', (r) => fetched.push(new URL(r.url()).pathname));
  const arrived = (name: string) => fetched.some((p) => new RegExp(`/assets/${name}-[^/]+\\.js$`).test(p));

  await openTable(page);
  // One script is the page's own (the entry chunk); the tools come in chunks of their own, unasked.
  await expect.poll(() => ['deployPage', 'jumpPage', 'zodCompile'].filter(arrived)).toEqual(['deployPage', 'jumpPage', 'zodCompile']);
  expect(fetched.filter((p) => /\/assets\/index-[^/]+\.js$/.test(p))).toHaveLength(1);
  await shot(page, 'bundle-01-demo');

  await newGame(page, { mode: 'Solo' });
  const panel = page.getByTestId('initiative-panel');
  await panel.getByRole('button', { name: 'Roll initiative' }).click();
  await expect(panel.getByTestId('dice-tray')).toHaveAttribute('data-settled', 'true', { timeout: 20_000 });
  const winner = (await gameOf(page)).initiative.winner!;
  await panel.getByRole('button', { name: /Keep Initiative/ }).click();
  await panel.getByTestId('turn-order-choice').getByRole('radio', { name: 'Ember Directorate' }).check();
  await panel.getByRole('button', { name: 'Confirm turn order' }).click();
  const choice = panel.getByTestId('deployment-choice');
  await choice.getByRole('radio', { name: 'Ember Directorate' }).check();
  await choice.getByRole('radio', { name: winner === 'A' ? /north/ : /south/ }).check();
  await choice.getByRole('button', { name: 'Confirm deployment choice' }).click();
  await expect(page.getByTestId('pick-a-varro')).toBeVisible();

  // Offline: the deployment tool is already in the page.
  await context.setOffline(true);
  const before = fetched.length;
  await topDown(page);
  await page.getByTestId('pick-a-varro').click();
  await expect(page.getByTestId('held-trooper')).toContainText('Captain Varro');
  const spot = await hoverGhost(page, 28, 3);
  expect(spot.ghost).toMatchObject({ legal: true });
  await shot(page, 'bundle-02-offline-ghost');
  await page.mouse.click(spot.at.x, spot.at.y);
  await expect(page.getByTestId('deploy-notice')).toHaveText('Captain Varro placed.');
  await shot(page, 'bundle-03-offline-placed');
  expect(fetched.slice(before), 'nothing fetched while placing').toEqual([]);
  await context.setOffline(false);
  expect(log.errors, 'console errors').toEqual([]);
});
