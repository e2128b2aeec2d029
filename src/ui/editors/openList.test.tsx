import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { openArmy, parseArmyFile, type ArmyFile } from '../../core/apiFiles';
import { OpenList } from './OpenList';

const tidewater = parseArmyFile(JSON.parse(readFileSync(new URL('../../../assets/armies/tidewater-concord.json', import.meta.url), 'utf8')));

/** The New game dialog's text for a chosen list, as the other player sees it. */
const shown = (army: ArmyFile) => renderToStaticMarkup(<OpenList side="B" army={openArmy(army)} onAgain={() => {}} />);

describe('New game: a chosen list as the other player sees it', () => {
  it('PRIV-5 shows the open troopers and the Lieutenant WIP, never a private trooper, the Lieutenant or a cost', () => {
    const html = shown(tidewater);
    expect(html).toContain('Strider Walker');
    expect(html).toContain('Tidewater Concord');
    for (const secret of ['Wraith Operative', 'Harrier Drop Trooper', 'points']) expect(html).not.toContain(secret);
  });

  it('PRIV-3 PRIV-5 twin lists, alike but in their private part, show the very same text', () => {
    const twin = structuredClone(tidewater);
    const wraith = twin.troopers.find((t) => t.name === 'Wraith Operative')!;
    twin.troopers.push({ ...structuredClone(wraith), id: 'second-wraith', name: 'Second Wraith' });
    wraith.arm += 2;
    for (const t of twin.troopers) t.points += 5;
    const lt = twin.troopers.find((t) => t.skills.includes('lieutenant'))!;
    const other = twin.troopers.find((t) => t !== lt && t.wip === lt.wip && !t.skills.includes('hidden-deployment'));
    if (other) {
      lt.skills = lt.skills.filter((s) => s !== 'lieutenant');
      other.skills = ['lieutenant', ...other.skills];
    }
    expect(JSON.stringify(twin)).not.toBe(JSON.stringify(tidewater));
    expect(shown(twin)).toBe(shown(tidewater));
  });
});
