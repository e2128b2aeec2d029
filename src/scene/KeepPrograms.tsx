import { useEffect, useRef } from 'react';
import { useFrame, useThree } from '@react-three/fiber';
import {
  BoxGeometry,
  Color,
  type DirectionalLight,
  Group,
  InstancedMesh,
  Matrix4,
  Mesh,
  MeshBasicMaterial,
  type Object3D,
  type WebGLProgram,
  type WebGLRenderer,
} from 'three';

const kept = new WeakSet<object>();

/**
 * Once a shader program is compiled, the page keeps it until the page goes: three lets a program go
 * when the last material using it is disposed, and compiles it again when a material of that kind comes
 * back. Behind a hand-over (issue 41) the pieces leave the scene and take their materials with them
 * (a marker's face, its badge): each time the table came back, two programs were compiled again, and a
 * software renderer (SwiftShader) spends about 150 ms of a core on each, more than on the frame itself.
 * A page has a few dozen kinds of material, so keeping every program costs little.
 */
export function KeepPrograms() {
  const gl = useThree((s) => s.gl);
  useEffect(() => keepEveryProgram(gl), [gl]);
  return null;
}

/**
 * Adds a use to every program the renderer holds now or compiles later (so releasing the last material
 * never brings it to none). Returns the undo: the programs' uses as they were, and the list as it was.
 */
export function keepEveryProgram(gl: Pick<WebGLRenderer, 'info'>): () => void {
  const list = gl.info.programs as (WebGLProgram & { usedTimes: number })[] | null;
  if (!list) return () => {};
  const keep = (p: WebGLProgram & { usedTimes: number }) => {
    if (kept.has(p)) return;
    kept.add(p);
    p.usedTimes++;
  };
  list.forEach(keep);
  const push = list.push;
  list.push = function (...added) {
    added.forEach(keep);
    return push.apply(this, added);
  };
  return () => {
    list.push = push;
    for (const p of list) {
      if (!kept.has(p)) continue;
      kept.delete(p);
      p.usedTimes--;
    }
  };
}

/** The layer the shadow probes are on: drawn by the sun's shadow pass only, never by the table's camera. */
export const PROBE_LAYER = 31;

/**
 * The shadow pass's programs compiled on the table's first frame (issue 41). three draws the shadow map
 * before it sets up the frame's lights, so a frame's shadow pass builds its programs with the lights of
 * the frame before: on the very first frame, none. Those programs' keys never come back; the first
 * shadow pass of a later frame that met a new kind of caster compiled the programs actually used (the
 * plain one and the instanced one: two `MeshDepthMaterial` programs, some 150 ms of a core each on a
 * software renderer), in the Hotseat game's first turn, the first time its troopers cast a shadow.
 * `compile`/`compileAsync` do not reach the shadow pass's materials. So, on the first frame: the scene's
 * lights set up first (`compile`, which the frame would have spent anyway), and a caster of each kind
 * the table has (`shadowProbes`) drawn by that frame's shadow pass only, then taken away.
 */
export function WarmShadowPrograms() {
  const done = useRef(false);
  useFrame(({ gl, scene, camera }) => {
    if (done.current) return;
    done.current = true;
    const sun = findSun(scene);
    if (!sun || !gl.shadowMap.enabled) return;
    gl.compile(scene, camera);
    const probes = shadowProbes();
    scene.add(probes);
    sun.shadow.camera.layers.enable(PROBE_LAYER);
    gl.shadowMap.needsUpdate = true;
    // This frame is drawn in the same task, right after the frame's callbacks: take them away after it.
    queueMicrotask(() => {
      sun.shadow.camera.layers.disable(PROBE_LAYER);
      scene.remove(probes);
      disposeProbes(probes);
    });
  });
  return null;
}

function findSun(scene: Object3D): DirectionalLight | null {
  let sun: DirectionalLight | null = null;
  scene.traverse((o) => {
    if (!sun && (o as DirectionalLight).isDirectionalLight && o.castShadow) sun = o as DirectionalLight;
  });
  return sun;
}

/**
 * A caster of each kind the table draws: a plain mesh (terrain, markers, objectives) and an instanced
 * one with a colour per instance (the troopers), both of a single side, as three picks the shadow
 * program only when a caster's kind differs from the last one drawn (plain, instanced, plain: each kind
 * is met after the other, whatever was drawn before). Each is shrunk to nothing (it darkens no texel),
 * never culled, and on `PROBE_LAYER` only.
 */
export function shadowProbes(): Group {
  const box = new BoxGeometry(1, 1, 1);
  const look = new MeshBasicMaterial();
  const nothing = new Matrix4().makeScale(0, 0, 0);
  const plain = () => {
    const m = new Mesh(box, look);
    m.scale.set(0, 0, 0);
    return m;
  };
  const instanced = new InstancedMesh(box, look, 1);
  instanced.setMatrixAt(0, nothing);
  instanced.setColorAt(0, new Color(0, 0, 0));
  const group = new Group();
  group.name = 'shadow-probes';
  for (const m of [plain(), instanced, plain()]) {
    m.castShadow = true;
    m.frustumCulled = false;
    m.layers.set(PROBE_LAYER);
    m.raycast = () => undefined;
    group.add(m);
  }
  return group;
}

function disposeProbes(probes: Group) {
  const first = probes.children[0] as Mesh;
  first.geometry.dispose();
  (first.material as MeshBasicMaterial).dispose();
  for (const m of probes.children) if (m instanceof InstancedMesh) m.dispose();
}
