import { describe, expect, it } from 'vitest';
import type { WebGLRenderer } from 'three';
import { keepEveryProgram } from './KeepPrograms';

type Program = { usedTimes: number };

/** three's rule: a program goes when its uses fall to none (WebGLPrograms.releaseProgram). */
const release = (list: Program[], p: Program) => {
  if (--p.usedTimes === 0) list.splice(list.indexOf(p), 1);
};

describe('keepEveryProgram (issue 41: hand-overs compiled the markers\' programs again)', () => {
  it('keeps the programs held now and those compiled later when their last material goes', () => {
    const list: Program[] = [{ usedTimes: 1 }];
    const gl = { info: { programs: list } } as unknown as Pick<WebGLRenderer, 'info'>;
    const undo = keepEveryProgram(gl);
    const later: Program = { usedTimes: 1 };
    list.push(later);
    release(list, list[0]!);
    release(list, later);
    expect(list).toHaveLength(2);
    // A material of the kind again: the same program, one more use.
    later.usedTimes++;
    release(list, later);
    expect(list).toContain(later);
    undo();
    expect(list.map((p) => p.usedTimes)).toEqual([0, 0]);
    list.push({ usedTimes: 1 });
    expect(list[2]!.usedTimes).toBe(1);
  });
});
