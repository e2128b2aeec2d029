import { describe, expect, it } from 'vitest';
import { replay } from '../core/engine';
import { viewFor } from '../core/view';
import { createSceneryIndex } from '../spatial/sceneryIndex';
import { demoGame } from './demo';
import { factsFor, piecesOf } from './pieces';

const file = demoGame();
const { state } = replay(file, { scenery: createSceneryIndex(file) });

describe('piecesOf', () => {
  it('draws models with their silhouette size, Prone ones only as tall as the base', () => {
    const pieces = piecesOf(viewFor(state, null), file);
    const facts = factsFor(file);
    const tag = pieces.find((p) => p.key === 'b-colossus')!;
    expect(tag.kind).toBe('model');
    expect(tag.radius).toBeCloseTo(facts.silhouettes[8].radius);
    expect(tag.height).toBeCloseTo(facts.silhouettes[8].height);
    const prone = pieces.find((p) => p.key === 'b-reyes')!;
    expect(prone.prone).toBe(true);
    expect(prone.height).toBeCloseTo(facts.proneHeight);
    expect(prone.z).toBe(2);
  });

  it('draws a marker by its marker id, never as a model; its owner knows which trooper it is', () => {
    const own = piecesOf(viewFor(state, 'A'), file).filter((p) => p.player === 'A');
    expect(own.some((p) => p.key === 'a-veil')).toBe(false);
    const m = own.find((p) => p.key === 'A-m1')!;
    expect(m.kind).toBe('marker');
    expect(m.trooper).toBe('a-veil');
    expect(m.facing).toBeNull();
    expect(m.label).toContain('Veil Sniper');
  });

  it('gives the opponent the marker id only, and nothing of a hidden trooper', () => {
    const seenByB = piecesOf(viewFor(state, 'B'), file);
    const m = seenByB.find((p) => p.key === 'A-m1')!;
    expect(m.trooper).toBeNull();
    expect(m.label).toBe('A-m1');
    const seenByA = piecesOf(viewFor(state, 'A'), file);
    expect(seenByA.some((p) => p.key === 'b-wraith')).toBe(false);
    expect(seenByB.find((p) => p.key === 'b-wraith')?.kind).toBe('hidden');
  });

  it('leaves airborne troopers off the table', () => {
    const pieces = piecesOf(viewFor(state, null), file);
    expect(pieces.some((p) => p.key === 'a-skyfall' || p.key === 'b-harrier')).toBe(false);
  });
});
