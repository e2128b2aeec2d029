import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { apply, replay } from '../src/core/engine';
import { parseGameFile } from '../src/core/gamefile';
import { lineOfFireBetween, templateHits } from '../src/core/rules/queries';
import { createSceneryIndex } from '../src/spatial/sceneryIndex';
import { cameraSettled, openTable, watchConsole } from './helpers';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const screens = join(root, 'reports', 'screens');
const docs = join(root, 'docs');

// The core, asked here in Node on the full demo game: the oracle the page's tools must agree with.
const file = parseGameFile(JSON.parse(readFileSync(join(root, 'examples', 'demo-deployed.json'), 'utf8')));
const ctx = { scenery: createSceneryIndex(file) };
const { state } = replay(file, ctx);
/** Marker ids the page shows, and the trooper each stands for (the oracle knows everything). */
const MARKERS: Record<string, string> = Object.fromEntries(
  Object.entries(state.troopers).flatMap(([id, t]) => (t.status === 'marker' && t.markerId ? [[t.markerId, id]] : [])),
);
const idOf = (key: string) => MARKERS[key] ?? key;

function coreMeasure(from: string, to: string): number {
  const r = apply(state, { do: 'measure', from, to }, ctx);
  if (!r.ok || r.events[0]?.type !== 'distance') throw new Error('measure refused');
  return r.events[0].inches;
}

async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  mkdirSync(screens, { recursive: true });
  writeFileSync(join(screens, name), await page.screenshot());
}

async function at(page: Page, key: string): Promise<{ x: number; y: number }> {
  const p = await page.evaluate((k) => window.__table!.project(k), key);
  if (!p) throw new Error(`${key} is not on screen`);
  return p;
}

/** The table from straight above: every piece can be pointed at. */
async function topDown(page: Page): Promise<void> {
  await openTable(page);
  await cameraSettled(page, 'reset');
  await page.keyboard.press('t');
  await cameraSettled(page, 'top');
}

test('TOOL-1 the ruler shows the right distance between two demo troopers', async ({ page }) => {
  const log = watchConsole(page);
  await topDown(page);
  await page.keyboard.press('m');
  await expect(page.getByRole('button', { name: /Ruler/ })).toHaveAttribute('aria-pressed', 'true');

  // Rifleman Osei on the bunker roof (3" up) to Bulwark Heavy on the mat.
  const a = await at(page, 'a-osei');
  const b = await at(page, 'a-bulwark');
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  // Shown while dragging.
  await expect(page.getByTestId('ruler-label')).toBeVisible();
  expect((await page.evaluate(() => window.__table!.tools())).path).toBe('ruler.dragging');
  await shot(page, 'ruler.png');
  await page.mouse.up();

  const tools = await page.evaluate(() => window.__table!.tools());
  expect(tools.ruler?.from).toEqual({ piece: 'a-osei' });
  expect(tools.ruler?.to).toEqual({ piece: 'a-bulwark' });
  const exact = coreMeasure('a-osei', 'a-bulwark');
  expect(tools.ruler!.inches).toBeCloseTo(exact, 9);
  // The label reads the core's number to a tenth of an inch.
  const text = await page.getByTestId('ruler-inches').textContent();
  expect(text).toMatch(/^\d+\.\d"$/);
  expect(Math.abs(parseFloat(text!) - exact)).toBeLessThanOrEqual(0.05 + 1e-9);
  // The side panel says it in words, with the level and upright parts.
  const result = page.getByTestId('ruler-result');
  await expect(result).toContainText('Rifleman Osei → Bulwark Heavy');
  await expect(result).toContainText('up/down 1.20"');

  await page.keyboard.press('Escape');
  await expect(page.getByTestId('ruler-label')).toBeHidden();
  expect(log.errors, 'console errors').toEqual([]);
});

test('TOOL-1 TOOL-2 from the default view, a piece under the pointer wins over the scenery behind it wherever its label shows', async ({ page }) => {
  const log = watchConsole(page);
  await openTable(page);
  await cameraSettled(page, 'reset');
  // A-m1 stands just north of the ruin-west's wall, Pathfinder Lio just north of hab-east: from the
  // south, the pointer on them passes the top of the scenery.
  const pointAt = async (key: string) => {
    const p = await at(page, key);
    await page.mouse.move(p.x - 3, p.y - 3);
    await page.mouse.move(p.x, p.y, { steps: 2 });
    return p;
  };
  await page.keyboard.press('m');
  for (const key of ['A-m1', 'b-pathfinder']) {
    const from = await at(page, 'a-varro');
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    const to = await pointAt(key);
    await expect(page.getByTestId('tooltip')).toContainText(key === 'A-m1' ? 'A-m1' : 'Pathfinder Lio');
    await page.mouse.up();
    expect((await page.evaluate(() => window.__table!.tools())).ruler?.to, `the ruler released on ${key}`).toEqual({ piece: key });
    void to;
  }
  await page.keyboard.press('Escape');
  // Line of Fire from Netrunner Kai: hovering the marker inspects it.
  await page.keyboard.press('l');
  const kai = await at(page, 'b-kai');
  await page.mouse.click(kai.x, kai.y);
  await page.waitForFunction(() => window.__table!.tools().lof?.shooter === 'b-kai');
  await pointAt('A-m1');
  await page.waitForFunction(() => window.__table!.tools().inspected === 'A-m1');
  await expect(page.getByTestId('lof-label')).toContainText('A-m1');
  expect(log.errors, 'console errors').toEqual([]);
});

test('TOOL-2 the LoF tool marks a trooper behind a building as not seen', async ({ page }) => {
  const log = watchConsole(page);
  await topDown(page);
  await page.keyboard.press('l');
  // From the Veil Sniper's TO marker: it sees Netrunner Kai; Colossus TAG stands behind the Nexus building.
  const m = await at(page, 'A-m1');
  await page.mouse.click(m.x, m.y);
  await page.waitForFunction(() => window.__table!.tools().lof?.shooter === 'A-m1');
  const { lof } = await page.evaluate(() => window.__table!.tools());
  for (const mark of lof!.marks) {
    const core = lineOfFireBetween({ draft: state, ctx }, 'a-veil', idOf(mark.key));
    expect(mark.verdict, mark.key).toBe(core.visible ? (core.cover ? 'cover' : 'seen') : 'unseen');
  }
  const colossus = lineOfFireBetween({ draft: state, ctx }, 'a-veil', 'b-colossus');
  expect(colossus.visible).toBe(false);
  expect(colossus.hiddenBy).toContain('nexus');
  expect(file.terrain.find((t) => t.id === 'nexus')?.kind).toBe('building');
  expect(lof!.marks.find((k) => k.key === 'b-colossus')?.verdict).toBe('unseen');
  expect(lof!.marks.find((k) => k.key === 'b-kai')?.verdict).toBe('seen');
  await expect(page.getByTestId('lof-unseen')).toContainText('Colossus TAG');
  await expect(page.getByTestId('lof-seen')).toContainText('Netrunner Kai');

  // Hovering an enemy says why.
  const c = await at(page, 'b-colossus');
  await page.mouse.move(c.x, c.y);
  await expect(page.getByTestId('lof-label')).toContainText('hidden by nexus');
  const k = await at(page, 'b-kai');
  await page.mouse.move(k.x, k.y);
  await expect(page.getByTestId('lof-label')).toContainText('Seen');
  await shot(page, 'lof.png');
  expect(log.errors, 'console errors').toEqual([]);
});

test('TOOL-3 a template highlights the troopers under it', async ({ page }) => {
  const log = watchConsole(page);
  await topDown(page);
  await page.keyboard.press('c');
  // Between Captain Varro (28, 3) and Bulwark Heavy (30, 6).
  const p = await page.evaluate(() => window.__table!.projectPoint(29, 4.5));
  await page.mouse.move(p!.x, p!.y, { steps: 3 });
  await page.waitForFunction(() => (window.__table!.tools().template?.hits.length ?? 0) > 0);
  await page.mouse.click(p!.x, p!.y);
  await page.waitForFunction(() => window.__table!.tools().template?.placed === true);
  const { template } = await page.evaluate(() => window.__table!.tools());
  expect(template!.hits).toEqual(['a-bulwark', 'a-varro']);
  expect(template!.hits).toEqual(templateHits(state, { kind: 'circular', x: template!.x, y: template!.y, z: 0, rotation: 0 }));
  await expect(page.getByTestId('template-hits')).toHaveText(/Touches Bulwark Heavy, Captain Varro/);
  await shot(page, 'template.png');

  // A Small Teardrop fired from Captain Varro, aimed by dragging at the Heavy.
  await page.keyboard.press('s');
  const v = await at(page, 'a-varro');
  const b = await at(page, 'a-bulwark');
  await page.mouse.move(v.x, v.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 5 });
  await page.mouse.up();
  const tear = (await page.evaluate(() => window.__table!.tools())).template!;
  expect(tear.kind).toBe('small-teardrop');
  expect(tear.hits).toContain('a-bulwark');
  expect(tear.hits).not.toContain('a-varro');
  await expect(page.getByTestId('template-result')).toContainText('From Captain Varro');
  await shot(page, 'teardrop.png');
  expect(log.errors, 'console errors').toEqual([]);
});

test('TOOL-5 DEP-7 zone toggles, the Zone of Control of the selected trooper, and the help listing every key', async ({ page }) => {
  const log = watchConsole(page);
  await openTable(page);
  await cameraSettled(page, 'reset');
  await page.getByRole('button', { name: /Forward Deployment/ }).click();
  await page.keyboard.press('5');
  const o = await at(page, 'a-outrider');
  await page.mouse.click(o.x, o.y);
  await page.mouse.move(0, 0);
  const tools = await page.evaluate(() => window.__table!.tools());
  expect(tools.layers).toEqual({ deployment: true, forward: true, centre: true, exclusion: true, zoc: true });
  expect(tools.zoc).toBe('a-outrider');
  await shot(page, 'zones.png');

  await page.keyboard.press('?');
  const help = page.getByTestId('help');
  await expect(help).toBeVisible();
  for (const k of ['M', 'L', 'C', 'S', 'G', 'Q', 'E', 'Esc', '1', '2', '3', '4', '5', 'T', 'Z', 'R', '? or H', 'Ctrl+Z', 'Wheel']) {
    await expect(help.locator('kbd', { hasText: new RegExp(`^${k.replace('?', '\\?').replace('+', '\\+')}$`) })).toHaveCount(1);
  }
  await expect(help.locator('.help-row', { hasText: 'Wheel' })).toContainText('turn it');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  expect(log.errors, 'console errors').toEqual([]);
});

test('HD-2 in a player\'s view the tools name an enemy marker by its marker id alone', async ({ page }) => {
  const log = watchConsole(page);
  await topDown(page);
  await page.getByTestId('viewer').selectOption('B');
  await page.waitForFunction(() => window.__table!.pieces().some((p) => p.key === 'b-wraith'));
  await page.keyboard.press('l');
  const k = await at(page, 'b-kai');
  await page.mouse.click(k.x, k.y);
  await expect(page.getByTestId('lof-seen')).toContainText('A-m1');
  await page.keyboard.press('c');
  const m = await at(page, 'A-m1');
  await page.mouse.click(m.x, m.y);
  await expect(page.getByTestId('template-hits')).toHaveText(/Touches A-m1$/);
  // Nothing on the page names the trooper behind the marker.
  expect(await page.evaluate(() => document.body.innerText)).not.toContain('Veil Sniper');
  expect(log.errors, 'console errors').toEqual([]);
});

test('README screenshot: the Line of Fire tool at 1280 x 720 saved to docs/tools.png', async ({ page }) => {
  const log = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await openTable(page);
  await cameraSettled(page, 'reset');
  await page.keyboard.press('l');
  const m = await at(page, 'A-m1');
  await page.mouse.click(m.x, m.y);
  await page.waitForFunction(() => window.__table!.tools().lof?.shooter === 'A-m1');
  // Closer in, towards the marker and Netrunner Kai.
  const towards = await page.evaluate(() => window.__table!.projectPoint(12.5, 34));
  await page.mouse.move(towards!.x, towards!.y);
  for (let i = 0; i < 12; i++) await page.mouse.wheel(0, -200);
  await page.waitForTimeout(300);
  const k = await at(page, 'b-kai');
  await page.mouse.move(k.x, k.y);
  await expect(page.getByTestId('lof-label')).toContainText('Netrunner Kai');
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  mkdirSync(docs, { recursive: true });
  writeFileSync(join(docs, 'tools.png'), await page.screenshot());
  expect(log.errors, 'console errors').toEqual([]);
});
