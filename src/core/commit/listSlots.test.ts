import { describe, expect, it } from 'vitest';
import type { PlayerSetup, TrooperProfile } from '../model/types';
import { mayBeUnseen, openArmy } from '../openList';
import { baseFile } from '../testing/fixtures';
import { commit } from './commit';
import { canonical, webCryptoHash as hash } from './hash';
import { checkSlot, checkWholeList, commitList, LIST_LIMIT, slotCount } from './listSlots';

/** The list with `n` private troopers more (one of each way of being fielded unseen, in turn), placed among the others. */
function withHiders(list: PlayerSetup, n: number): PlayerSetup {
  const out = structuredClone(list);
  const kinds: TrooperProfile['skills'][] = [['hidden-deployment'], ['to-camouflage'], ['combat-jump']];
  for (let i = 0; i < n; i++) {
    out.troopers.splice(i % (out.troopers.length + 1), 0, { ...structuredClone(out.troopers[0]!), id: `hider-${i}`, name: `Hider ${i}`, skills: [...kinds[i % 3]!], points: 10 + i });
  }
  return out;
}

const list = baseFile().players.A;

describe('an army list committed slot by slot across two machines (PRIV-8)', () => {
  it('PRIV-8 the committed list is its open part and one commitment per slot up to the list limit, whatever the count of private troopers (a count probe finds nothing)', async () => {
    const shapes = [];
    for (const n of [0, 1, 3]) {
      const l = withHiders(list, n);
      const { list: c, keep } = await commitList(hash, l);
      expect(canonical(c.army)).toBe(canonical(openArmy(list)));
      expect(c.slots).toHaveLength(LIST_LIMIT - c.army.troopers.length);
      expect(Object.keys(keep.slotOf).sort()).toEqual(l.troopers.filter(mayBeUnseen).map((t) => t.id).sort());
      shapes.push({ army: canonical(c.army), slots: c.slots.length });
    }
    // The same open part, the same number of slots: the three lists cannot be told apart.
    expect(new Set(shapes.map((s) => JSON.stringify(s))).size).toBe(1);
    // A list over the limit keeps a slot for each private trooper (it is over the limit for all to see).
    expect(slotCount(14, 3)).toBe(3);
    expect(slotCount(5, 3)).toBe(LIST_LIMIT - 5);
  });

  it('PRIV-8 a slot opening is checked against its commitment: the true one holds; a forged one (another profile, another slot, a blank before the end, an open trooper) is refused', async () => {
    const l = withHiders(list, 2);
    const { list: c, keep } = await commitList(hash, l);
    const slot = keep.slotOf['hider-1']!;
    const ok = await checkSlot(hash, c, keep.openings[slot], 'B');
    expect(ok).toMatchObject({ ok: true, slot, trooper: { id: 'hider-1' } });
    // Another profile under the same salt: not the committed one.
    const forged = { ...keep.openings[slot]!, choice: { slot, trooper: { ...keep.openings[slot]!.choice.trooper!, bs: 15 } } };
    expect(await checkSlot(hash, c, forged, 'B')).toMatchObject({ ok: false, message: expect.stringMatching(/does not match its commitment/) });
    // The opening of one slot shown as another's.
    const other = (slot + 1) % c.slots.length;
    const moved = { ...keep.openings[slot]!, choice: { ...keep.openings[slot]!.choice, slot: other } };
    expect((await checkSlot(hash, c, moved, 'B')).ok).toBe(false);
    // A blank is opened only at the closing audit.
    const blank = keep.openings.find((o) => o.choice.trooper === null)!;
    expect(await checkSlot(hash, c, blank, 'B')).toMatchObject({ ok: false, message: expect.stringMatching(/opens a blank/) });
    expect((await checkSlot(hash, c, blank, 'B', true)).ok).toBe(true);
    // A slot committed to an open trooper (one that could never be unseen) is no private slot.
    const open = await commit(hash, { slot: 0, trooper: list.troopers.find((t) => !mayBeUnseen(t))! });
    expect(await checkSlot(hash, { ...c, slots: [open.commitment, ...c.slots.slice(1)] }, open.opening, 'B')).toMatchObject({ ok: false, message: expect.stringMatching(/open trooper/) });
  });

  it('PRIV-8 NET-7 at the closing audit every slot is opened, blanks too, and the open troopers whole: together the whole list, which must be the one played', async () => {
    const l = withHiders(list, 2);
    const { list: c, keep } = await commitList(hash, l);
    expect(await checkWholeList(hash, c, { slots: keep.openings, rest: keep.rest }, l, 'B')).toMatchObject({ ok: true, list: { name: l.name } });
    // A slot left shut (a blank kept back could hide a second trooper).
    expect(await checkWholeList(hash, c, { slots: keep.openings.slice(1), rest: keep.rest }, l, 'B')).toMatchObject({ ok: false, message: expect.stringMatching(/opened 9 of the 10 slots/) });
    // A private trooper swapped after the hello: the slots hid another.
    const swapped = structuredClone(l);
    swapped.troopers.find((t) => t.id === 'hider-0')!.points = 99;
    expect(await checkWholeList(hash, c, { slots: keep.openings, rest: keep.rest }, swapped, 'B')).toMatchObject({ ok: false, message: expect.stringMatching(/differ from them/) });
    // An open trooper changed: not the open part the hello showed.
    const changed = structuredClone(l);
    changed.troopers.find((t) => !mayBeUnseen(t))!.bs += 1;
    expect(await checkWholeList(hash, c, { slots: keep.openings, rest: keep.rest }, changed, 'B')).toMatchObject({ ok: false, message: expect.stringMatching(/open part/) });
    // The whole list the openings make: every trooper, costs and all (the Lieutenant has its own commitment).
    const whole = await checkWholeList(hash, c, { slots: keep.openings, rest: keep.rest }, l, 'B');
    const strip = (t: TrooperProfile) => ({ ...t, skills: t.skills.filter((x) => x !== 'lieutenant') });
    expect(whole.ok && [...whole.list.troopers].sort((x, y) => x.id.localeCompare(y.id))).toEqual(l.troopers.map(strip).sort((x, y) => x.id.localeCompare(y.id)));
    // An open trooper's cost told otherwise at the end: the rest does not open its commitment.
    const cheaper = { ...keep.rest, choice: { troopers: keep.rest.choice.troopers.map((t, i) => (i === 0 ? { ...t, points: t.points - 5 } : t)) } };
    expect(await checkWholeList(hash, c, { slots: keep.openings, rest: cheaper }, l, 'B')).toMatchObject({ ok: false, message: expect.stringMatching(/costs does not match its commitment/) });
  });
});
