import { useEffect, useRef } from 'react';
import { useFrame, useThree } from '@react-three/fiber';
import { InstancedMesh, Mesh, type Object3D } from 'three';

/**
 * The sun's shadow map is drawn again only when something in the scene moved, appeared, went or
 * changed shape, not on every frame: while the camera orbits, the pieces and the light stand still and
 * so do their shadows. With software WebGL the shadow pass (a 2048 x 2048 depth picture of every
 * piece) costs more than the frame itself.
 *
 * What counts as a change, checked before each frame: any object's position, rotation, scale or
 * visibility, a mesh's geometry (another one, or its positions rewritten), an instanced mesh's count
 * or instance matrices, and the number of objects. Everything else (materials, colours, labels) casts
 * the same shadow.
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
 * Writes the numbers a shadow hangs on, object by object in scene order, over the last frame's (one
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
  scene.traverse((o) => {
    put(o.id);
    put(o.visible ? 1 : 0);
    put(o.position.x);
    put(o.position.y);
    put(o.position.z);
    put(o.quaternion.x);
    put(o.quaternion.y);
    put(o.quaternion.z);
    put(o.quaternion.w);
    put(o.scale.x);
    put(o.scale.y);
    put(o.scale.z);
    if (o instanceof Mesh) {
      const g = o.geometry;
      put(g.id);
      put(g.attributes.position?.version ?? -1);
      put(g.drawRange.start);
      put(g.drawRange.count);
    }
    if (o instanceof InstancedMesh) {
      put(o.count);
      put(o.instanceMatrix.version);
    }
  });
  if (into.length !== n) {
    into.length = n;
    changed = true;
  }
  return changed;
}
