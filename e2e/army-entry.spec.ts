/**
 * Entering an army quickly, by keyboard (issue 43): skills found by typing, weapon presets with their
 * sources, close combat weapons, notes, Ctrl+D to duplicate a trooper, and a list pasted in, as a new
 * army or added to the one open. The actions a player takes are counted: a 10-trooper army used to take
 * about 190 (11 skill checkboxes, every trooper typed in from nothing).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator } from '@playwright/test';
import { parseArmyFileText } from '../src/core/armyfile';
import { frames, openStart, SCREENS, watchConsole } from './helpers';

const here = dirname(fileURLToPath(import.meta.url));
const tidewater = JSON.parse(readFileSync(join(here, '..', 'assets', 'armies', 'tidewater-concord.json'), 'utf8'));

test('army entry by keyboard: skills by search, presets with sources, CC weapons, notes, Ctrl+D, a pasted list; a 10-trooper army in a few dozen actions', async ({ page }) => {
  test.setTimeout(120_000);
  const log = watchConsole(page);
  await openStart(page);
  let actions = 0;
  /** One key press of the player's (a chord counts once). */
  const press = async (key: string) => {
    actions++;
    await page.keyboard.press(key);
  };
  /** Typing a value in a box: one action, however long the text. */
  const type = async (text: string) => {
    actions++;
    await page.keyboard.type(text);
  };
  /** Tab (or Shift+Tab) until `target` has the focus (each press counts). */
  const tabTo = async (target: Locator, key = 'Tab', max = 40) => {
    for (let i = 0; i < max; i++) {
      if (await target.evaluate((el) => el === document.activeElement)) return;
      await press(key);
    }
    throw new Error(`never reached by ${key}`);
  };

  // From the start panel to a new army, by keys alone.
  await tabTo(page.getByTestId('start-editors'));
  await press('Enter');
  await expect(page.getByTestId('editors')).toBeVisible();
  await tabTo(page.getByTestId('new-army'));
  await press('Enter');
  // The new army's name has the focus, its text selected: typing replaces it.
  await expect(page.getByTestId('army-name')).toBeFocused();
  await type('Copper Wardens');
  await press('Enter');
  await tabTo(page.getByTestId('add-trooper'));
  await press('Enter');
  const form = page.getByTestId('trooper-form');
  await expect(form).toBeVisible();

  // The Lieutenant: a name, two skills found by typing ("lt", Enter; "inf", Enter), points.
  // The new trooper's name has the focus.
  await expect(form.getByTestId('f-name')).toBeFocused();
  await type('Marshal Ode');
  await press('Enter');
  await tabTo(form.getByTestId('f-points'));
  await press('Control+a');
  await type('28');
  await press('Enter');
  await tabTo(form.getByTestId('skill-search'));
  await type('lt');
  await expect(form.getByTestId('skill-list').locator('.ed-skill').first()).toContainText('Lieutenant');
  await press('Enter');
  await type('inf');
  await press('Enter');
  await expect(form.getByTestId('skill-chips')).toHaveText(/Lieutenant.*Infiltration/);
  await expect(form.getByTestId('skill-search')).toHaveValue('');
  await expect(page.getByTestId('army-status')).toHaveText('Ready for a game.');
  await type('jump');
  await frames(page);
  await page.screenshot({ path: `${SCREENS}/editors-skill-search.png` });
  await press('Control+a');
  // A skill the table does not know is not in the list: it goes in the notes.
  await type('mimetism');
  await expect(form.getByTestId('skill-list')).toContainText('No skill of the table matches');
  await press('Escape');
  await expect(form.getByTestId('skill-search')).toHaveValue('');
  await expect(page.getByTestId('editors')).toBeVisible();

  // A weapon preset says how sure its numbers are, and where they come from.
  const preset = form.getByTestId('weapon-preset');
  await expect(preset.locator('option[value="combi-rifle"]')).toHaveText('Combi Rifle (sure)');
  await expect(preset.locator('option[value="hmg"]')).toHaveText('Heavy Machine Gun (working values)');
  await expect(form.getByTestId('preset-source')).toContainText('sure: FACTS.md (N4)');
  await tabTo(preset);
  await preset.selectOption('chain-rifle');
  actions++;
  await expect(form.getByTestId('preset-source')).toContainText('likely: The 3rd edition');
  await expect(form.getByTestId('preset-source')).toContainText('wiki.infinitythegame.com/en/Chain_Rifle');
  await tabTo(form.getByTestId('add-weapon'));
  await press('Enter');
  await expect(form.getByTestId('weapon-1')).toContainText('likely');

  // A close combat weapon from its preset (with its source), and notes for the rest of the profile.
  await tabTo(form.getByTestId('cc-preset'));
  await form.getByTestId('cc-preset').selectOption('ap-cc-weapon');
  actions++;
  await expect(form.getByTestId('cc-preset-source')).toContainText('sure');
  await tabTo(form.getByTestId('add-cc-weapon'));
  await press('Enter');
  await expect(form.getByTestId('cc-weapon-0').getByTestId('cc-name')).toHaveValue('AP CC Weapon');
  await expect(form.getByTestId('cc-weapon-0').getByTestId('cc-damage')).toHaveValue('PH');
  await tabTo(form.getByTestId('f-notes'));
  await type('Multispectral Visor L1, Mimetism (-3)');
  await press('Tab');
  await expect(page.getByTestId('editor-notice')).toHaveText('Marshal Ode: notes kept.');
  await frames(page);
  await page.screenshot({ path: `${SCREENS}/editors-army-entry.png`, fullPage: true });

  // Nine more: a line trooper (Ctrl+Enter from where the focus is), then Ctrl+D eight times from its
  // name (each copy keeps everything but the Lieutenant, and its name takes the focus).
  await press('Control+Enter');
  await expect(form.getByTestId('f-name')).toBeFocused();
  await expect(form.getByTestId('f-name')).toHaveValue('Trooper 2');
  await type('Warden');
  for (let i = 0; i < 8; i++) await press('Control+d');
  await expect(form.getByTestId('f-name')).toBeFocused();
  await expect(page.getByTestId('trooper-list').locator('li')).toHaveCount(10);
  await expect(page.getByTestId('tally-group-1')).toHaveText('Group 110/10 troopers118 pts');
  await expect(page.getByTestId('trooper-list').locator('.lt')).toHaveCount(1);
  await expect(page.getByTestId('trooper-list').locator('li').nth(1)).toContainText('Warden');
  await expect(page.getByTestId('trooper-list').locator('li').nth(9)).toContainText('Warden (9)');
  test.info().annotations.push({ type: 'actions', description: `a 10-trooper army in ${actions} actions` });
  console.log(`army entry: a 10-trooper army in ${actions} actions`);
  expect(actions).toBeLessThan(80);

  // A pasted list: refused where it would break the army (an 11th trooper in group 1), with its reason;
  // the same list in group 2 is added in one edit, its ids made free and no second Lieutenant.
  const two = tidewater.troopers.slice(0, 2);
  await page.getByTestId('paste-army').click();
  const paste = page.getByTestId('import-list');
  await paste.getByTestId('import-text').fill(JSON.stringify(two, null, 2));
  await paste.getByTestId('import-add').click();
  await expect(paste.getByTestId('import-error')).toHaveText('Refused: troopers: Combat Group 1 holds 12 troopers; a group holds at most 10. Nothing was changed.');
  await paste.getByTestId('import-text').fill(JSON.stringify(two.map((t: { group?: number }) => ({ ...t, group: 2 }))));
  await frames(page);
  await page.screenshot({ path: `${SCREENS}/editors-paste-list.png` });
  await paste.getByTestId('import-add').click();
  await expect(paste).toHaveCount(0);
  await expect(page.getByTestId('library-message')).toHaveText('Added to Copper Wardens.');
  await expect(page.getByTestId('trooper-list').locator('li')).toHaveCount(12);
  await expect(page.getByTestId('trooper-list').locator('.lt')).toHaveCount(1);
  await expect(page.getByTestId('tally-group-2')).toHaveText('Group 22/10 troopers120 pts');

  // Download: the army file keeps the CC weapon and the notes.
  const [dl] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-army').click()]);
  const file = parseArmyFileText(readFileSync((await dl.path())!, 'utf8'));
  expect(file.troopers[0]).toMatchObject({
    name: 'Marshal Ode',
    skills: ['lieutenant', 'infiltration'],
    ccWeapons: [{ id: 'ap-cc-weapon', name: 'AP CC Weapon', damage: 'PH', burst: 1, ammo: 'AP', save: 'arm' }],
    notes: 'Multispectral Visor L1, Mimetism (-3)',
  });
  expect(file.troopers[0]!.weapons.map((w) => w.name)).toEqual(['Combi Rifle', 'Chain Rifle']);
  expect(file.troopers.map((t) => t.id).slice(10)).toEqual(['b-ishii', 'b-colossus']);

  // A whole army file pasted in opens as a new army of one's own.
  await page.getByTestId('paste-army').click();
  await paste.getByTestId('import-text').fill(JSON.stringify(tidewater));
  await paste.getByTestId('import-new').click();
  await expect(page.getByTestId('library-message')).toHaveText('Opened as one of your armies.');
  await expect(page.getByTestId('army-name')).toHaveValue('Tidewater Concord');
  await expect(page.getByTestId('library-army').locator('li .ed-entry')).toHaveCount(2 + 2);
  expect(log.errors, 'console errors').toEqual([]);
});
