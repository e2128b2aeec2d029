import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveFacts } from '../data/facts';
import { parseTableFile } from '../tablefile';
import { AnalyticScenery, buildSceneryModel } from './scenery';

const ROOT = join(__dirname, '..', '..', '..');
const facts = resolveFacts();
const { radius: r, height: h } = facts.silhouettes[2];
const tables = readdirSync(join(ROOT, 'assets', 'tables'))
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => {
    const t = parseTableFile(JSON.parse(readFileSync(join(ROOT, 'assets', 'tables', f), 'utf8')));
    return { name: f, table: t, scenery: new AnalyticScenery(buildSceneryModel(t, facts)) };
  });

describe('the shipped tables one may enter (MOV-9, MOV-10, MOV-21)', () => {
  it('MOV-21 at least two shipped tables have open buildings with floors, doors, windows and ladders', () => {
    const open = tables.filter(({ table }) => table.terrain.some((p) => p.kind === 'building' && p.interior === 'open' && p.floors?.length && p.ladders?.some((l) => l.inside)));
    expect(open.length).toBeGreaterThanOrEqual(2);
    for (const { scenery } of open) {
      expect(scenery.stance.openings.some((o) => o.kind === 'door')).toBe(true);
      expect(scenery.stance.openings.some((o) => o.kind === 'window')).toBe(true);
    }
  });

  it('MOV-10 every opening at ground level has room for a Silhouette 2 base outside it, in it and inside', () => {
    for (const { name, table, scenery } of tables) {
      for (const o of scenery.stance.openings) {
        if (o.z0 > 0) continue;
        const a = (o.rotation * Math.PI) / 180;
        const across = o.w < o.d ? { x: Math.cos(a), y: Math.sin(a) } : { x: -Math.sin(a), y: Math.cos(a) };
        for (const k of [-1, 0, 1]) {
          const x = o.x + across.x * k * (r + 0.3);
          const y = o.y + across.y * k * (r + 0.3);
          expect(x - r >= 0 && y - r >= 0 && x + r <= table.table.width && y + r <= table.table.depth, `${name} ${o.id} ${o.side} on the table`).toBe(true);
          expect(scenery.overlapping({ x, y, z: 0, r, h }), `${name} ${o.id} ${o.side} ${o.kind} at ${k}`).toBeNull();
        }
      }
    }
  });

  it('MOV-9 every ladder has a foot and a top where a Silhouette 2 base stands touching it', () => {
    for (const { name, scenery } of tables) {
      for (const l of scenery.stance.ladders) {
        const fx = (l.a.x + l.b.x) / 2 + l.out.x * (r + 0.02);
        const fy = (l.a.y + l.b.y) / 2 + l.out.y * (r + 0.02);
        expect(scenery.overlapping({ x: fx, y: fy, z: l.from, r, h }), `${name} ${l.id} foot`).toBeNull();
        expect(scenery.stance.laddersNear(fx, fy, r, l.from).some((c) => c.end === 'foot' && c.ladder === l), `${name} ${l.id} foot`).toBe(true);
        let top = false;
        for (let dx = -2; dx <= 2 && !top; dx += 0.1) {
          for (let dy = -2; dy <= 2 && !top; dy += 0.1) {
            const x = l.box.x + dx;
            const y = l.box.y + dy;
            if (scenery.supportHeight(x, y, r, l.to) === null || scenery.overlapping({ x, y, z: l.to, r, h })) continue;
            top = scenery.stance.laddersNear(x, y, r, l.to).some((c) => c.end === 'top' && c.ladder === l);
          }
        }
        expect(top, `${name} ${l.id} top`).toBe(true);
      }
    }
  });
});
