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
    const now = signature(scene);
    const before = last.current;
    let same = now.length === before.length;
    for (let i = 0; same && i < now.length; i++) same = now[i] === before[i];
    if (!same) {
      gl.shadowMap.needsUpdate = true;
      last.current = now;
    }
  });
  return null;
}

/** The numbers a shadow hangs on, object by object in scene order. */
function signature(scene: Object3D): number[] {
  const out: number[] = [];
  scene.traverse((o) => {
    out.push(o.id, o.visible ? 1 : 0, o.position.x, o.position.y, o.position.z, o.quaternion.x, o.quaternion.y, o.quaternion.z, o.quaternion.w, o.scale.x, o.scale.y, o.scale.z);
    if (o instanceof Mesh) {
      const g = o.geometry;
      out.push(g.id, g.attributes.position?.version ?? -1, g.drawRange.start, g.drawRange.count);
    }
    if (o instanceof InstancedMesh) out.push(o.count, o.instanceMatrix.version);
  });
  return out;
}
