import { describe, expect, it } from 'vitest';
import { FrontSide, type InstancedMesh, Matrix4, type Mesh, type MeshBasicMaterial, type WebGLRenderer } from 'three';
import { keepEveryProgram, PROBE_LAYER, shadowProbes } from './KeepPrograms';

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

describe('shadowProbes (issue 41: the shadow pass\u2019s programs compiled on the first frame)', () => {
  it('holds a caster of each kind, each kind met after the other, drawn by the shadow pass only and darkening nothing', () => {
    const probes = shadowProbes();
    const kinds = probes.children.map((m) => ((m as InstancedMesh).isInstancedMesh ? 'instanced' : 'plain'));
    expect(kinds).toEqual(['plain', 'instanced', 'plain']);
    for (const m of probes.children as Mesh[]) {
      expect(m.castShadow).toBe(true);
      expect(m.frustumCulled).toBe(false);
      expect(m.layers.isEnabled(0)).toBe(false);
      expect(m.layers.isEnabled(PROBE_LAYER)).toBe(true);
      const side = (m.material as MeshBasicMaterial).side;
      expect(side).toBe(FrontSide);
    }
    const instanced = probes.children[1] as InstancedMesh;
    // The troopers' colours per instance: a program of its own.
    expect(instanced.instanceColor).not.toBeNull();
    const at = new Matrix4();
    instanced.getMatrixAt(0, at);
    expect(at.determinant()).toBe(0);
    expect(probes.children[0]!.scale.toArray()).toEqual([0, 0, 0]);
  });
});
