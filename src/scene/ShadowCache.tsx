import { useEffect, useRef } from 'react';
import { useFrame, useThree } from '@react-three/fiber';
import { type BufferGeometry, InstancedMesh, Mesh, type Object3D } from 'three';

/**
 * The sun's shadow map is drawn again only when something in the scene moved, appeared, went or
 * changed shape, not on every frame: while the camera orbits, the pieces and the light stand still and
 * so do their shadows. With software WebGL the shadow pass (a 1024 x 1024 depth picture of every
 * piece) costs more than the frame itself.
 *
 * What counts as a change, checked before each frame, of the meshes that cast a shadow and are drawn
 * (visible, under visible parents): how many, where each stands in the world (its world matrix, so a
 * parent moved counts too), its shape (a built-in shape's kind and measures, else which geometry it
 * is and whether its positions were rewritten), an instanced mesh's count and instance matrices.
 * Everything else casts the same shadow: materials, colours, labels, and every object that casts none
 * (the landing map, a path, the selection marks, the overlays: issue 41, adding the landing map's
 * cells redrew the whole shadow map). Values, not identities: a piece mounted again where it stood (a
 * hand-over's table coming back, issue 41: a new mesh, a new cylinder of the same size, the
 * instances written again) casts the same shadow.
 */
export function ShadowCache() {
  const gl = useThree((s) => s.gl);
  const scene = useThree((s) => s.scene);
  const last = useRef<number[]>([]);
  useEffect(() => {
    gl.shadowMap.autoUpdate = false;
    gl.shadowMap.needsUpdate = true;
    return () => {
      gl.shadowMap.autoUpdate = true;
    };
  }, [gl]);
  useFrame(() => {
    if (record(scene, last.current)) gl.shadowMap.needsUpdate = true;
  });
  return null;
}

/**
 * Writes the numbers a shadow hangs on, caster by caster in scene order, over the last frame's (one
 * array kept from frame to frame: nothing is made per frame); true if any of them changed.
 */
function record(scene: Object3D, into: number[]): boolean {
  let n = 0;
  let changed = false;
  const put = (v: number) => {
    if (into[n] !== v) {
      into[n] = v;
      changed = true;
    }
    n++;
  };
  // The world matrices as this frame will draw them (the render would bring them up to date after us).
  scene.updateMatrixWorld();
  scene.traverseVisible((o) => {
    // What the table's camera does not see casts no shadow of its own (the shadow probes: KeepPrograms).
    if (!(o instanceof Mesh) || !o.castShadow || !o.layers.isEnabled(0)) return;
    const m = o.matrixWorld.elements;
    for (let i = 0; i < 16; i++) put(m[i]!);
    const g = o.geometry;
    put(shapeOf(g));
    put(g.attributes.position?.version ?? -1);
    put(g.drawRange.start);
    put(g.drawRange.count);
    if (o instanceof InstancedMesh) {
      put(o.count);
      const a = o.instanceMatrix.array;
      for (let i = 0; i < o.count * 16; i++) put(a[i]!);
    }
  });
  if (into.length !== n) {
    into.length = n;
    changed = true;
  }
  return changed;
}

const shapes = new Map<string, number>();

/**
 * A number for a geometry's shape: built-in shapes (a cylinder, a box, with their measures) by kind
 * and measures, the same number for every geometry made alike (negative); any other by its id.
 */
function shapeOf(g: BufferGeometry & { parameters?: object }): number {
  if (!g.parameters) return g.id;
  const key = `${g.type} ${JSON.stringify(g.parameters)}`;
  let n = shapes.get(key);
  if (n === undefined) shapes.set(key, (n = -1 - shapes.size));
  return n;
}
