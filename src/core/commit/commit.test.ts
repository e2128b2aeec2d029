import { describe, expect, it } from 'vitest';
import { commit, commitTo, leafCount, openSeal, seal, SEAL_MIN_LEAVES, verifyOpening, verifySealOpening } from './commit';
import { canonical, webCryptoHash as hash } from './hash';

const spot = { trooper: 'b-hide', at: { x: 14, y: 40 }, cover: true };

describe('commitments (NET-2)', () => {
  it('NET-2 a commitment is SHA-256 over the salt and the choice: 64 hex digits, the same for the same choice and salt, other for another salt', async () => {
    const { commitment, opening } = await commit(hash, spot);
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(await commitTo(hash, { cover: true, at: { y: 40, x: 14 }, trooper: 'b-hide' }, opening.salt)).toBe(commitment);
    const other = await commit(hash, spot);
    expect(other.commitment).not.toBe(commitment);
    expect(commitment).not.toContain('b-hide');
  });

  it('NET-2 the canonical text sorts keys and leaves undefined fields out, and refuses what JSON cannot hold', () => {
    expect(canonical({ b: 1, a: [true, null, 'x'], c: undefined })).toBe('{"a":[true,null,"x"],"b":1}');
    expect(() => canonical({ x: Number.NaN })).toThrow(/not a JSON number/);
  });

  it('NET-2 the right opening is accepted; a changed choice, a changed salt or a bad salt are refused with a clear message', async () => {
    const { commitment, opening } = await commit(hash, spot);
    expect(await verifyOpening(hash, commitment, opening)).toEqual({ ok: true });
    const moved = await verifyOpening(hash, commitment, { ...opening, choice: { ...spot, at: { x: 15, y: 40 } } }, "B's hidden trooper");
    expect(moved).toEqual({ ok: false, message: "B's hidden trooper does not match its commitment: the choice or the salt was changed." });
    const salted = await verifyOpening(hash, commitment, { ...opening, salt: opening.salt.replace(/^./, (c) => (c === '0' ? '1' : '0')) });
    expect(salted.ok).toBe(false);
    expect(await verifyOpening(hash, commitment, { ...opening, salt: 'zz' })).toEqual({ ok: false, message: 'the opening: its salt is not 32 bytes written as 64 hex digits.' });
    expect(await verifyOpening(hash, 'nope', opening)).toMatchObject({ ok: false, message: expect.stringMatching(/not a SHA-256 digest/) });
  });
});

describe('seals: one commitment over many choices (NET-2)', () => {
  it('NET-2 a seal of none, one or twenty choices has the same shape: 32 leaves and a root', async () => {
    for (const n of [0, 1, 20]) {
      const keep = await seal(hash, Array.from({ length: n }, (_, i) => ({ ...spot, at: { x: i, y: 40 } })));
      expect(keep.leaves).toHaveLength(SEAL_MIN_LEAVES);
      expect(keep.root).toMatch(/^[0-9a-f]{64}$/);
      expect(keep.open).toHaveLength(n);
      expect(new Set(keep.open.map((o) => o.leaf)).size).toBe(n);
    }
    expect(leafCount(33)).toBe(64);
  });

  it('NET-2 each choice opens alone, against the root, while the others stay closed', async () => {
    const choices = [spot, { trooper: 'b-camo', marker: 'B-m1' }, { keep: 'b-gun' }];
    const keep = await seal(hash, choices);
    for (let k = 0; k < choices.length; k++) {
      const o = openSeal(keep, k);
      expect(o.opening.choice).toEqual(choices[k]);
      expect(await verifySealOpening(hash, keep.root, o)).toEqual({ ok: true });
      // The opening carries the leaves, which are hashes: no other choice is in it.
      expect(JSON.stringify(o)).not.toContain(k === 0 ? 'b-camo' : 'b-hide');
    }
  });

  it('NET-2 a forged seal opening is refused: another choice, leaves changed, the wrong seal, a leaf out of range', async () => {
    const keep = await seal(hash, [spot, { keep: 'b-gun' }]);
    const o = openSeal(keep, 0);
    const forged = { ...o, opening: { ...o.opening, choice: { ...spot, cover: false } } };
    expect(await verifySealOpening(hash, keep.root, forged, 'X')).toEqual({ ok: false, message: 'X does not match its commitment: the choice or the salt was changed.' });
    // Swapping in a leaf of one's own making breaks the root.
    const made = await commit(hash, { ...spot, cover: false });
    const leaves = o.leaves.map((l, i) => (i === o.leaf ? made.commitment : l));
    expect(await verifySealOpening(hash, keep.root, { ...o, leaves, opening: made.opening }, 'X')).toEqual({ ok: false, message: "X: its leaves do not make the seal's root: they were changed." });
    const other = await seal(hash, [spot]);
    expect(await verifySealOpening(hash, other.root, o, 'X')).toEqual({ ok: false, message: 'X names another seal than the one it should open.' });
    expect(await verifySealOpening(hash, keep.root, { ...o, leaf: 99 }, 'X')).toEqual({ ok: false, message: 'X: leaf 99 is not one of the seal\'s 32.' });
    expect((await verifySealOpening(hash, keep.root, { ...o, leaves: o.leaves.slice(0, 31) }, 'X')).ok).toBe(false);
  });
});
