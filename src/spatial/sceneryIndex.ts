/**
 * The scenery index behind the core's port. Placement queries are answered exactly from discs and
 * boxes (src/core/geometry/scenery.ts); Line of Fire rays go through one merged mesh of every solid,
 * indexed by a three-mesh-bvh BVH. Runs in Node, the main thread and a Web Worker alike.
 */
import { BoxGeometry, BufferAttribute, BufferGeometry, DoubleSide, Matrix4, Mesh, MeshBasicMaterial, Ray, Raycaster, Vector3 } from 'three';
import { MeshBVH } from 'three-mesh-bvh';
import { resolveFacts } from '../core/data/facts';
import type { Vec3 } from '../core/geometry/segments';
import { AnalyticScenery, buildSceneryModel } from '../core/geometry/scenery';
import type { Cylinder } from '../core/geometry/shapes';
import type { StanceQueries } from '../core/geometry/surfaces';
import type { Setup } from '../core/model/types';
import type { SceneryIndex, ScenerySolid } from '../core/ports';

/** Hits this close to either end of a segment are the ends touching a surface, not something between. */
const END_EPS = 1e-4;

/**
 * One triangle mesh of all the solids, in table coordinates (z up: this mesh is never drawn), and
 * which solid each triangle belongs to.
 */
export function mergedSceneryGeometry(solids: readonly ScenerySolid[]): { geometry: BufferGeometry; solidOfTriangle: Uint32Array } {
  const positions: number[] = [];
  const owner: number[] = [];
  const m = new Matrix4();
  const v = new Vector3();
  solids.forEach((s, i) => {
    const box = new BoxGeometry(s.w, s.d, s.z1 - s.z0).toNonIndexed();
    m.makeRotationZ((s.rotation * Math.PI) / 180).setPosition(s.x, s.y, (s.z0 + s.z1) / 2);
    const pos = box.getAttribute('position');
    for (let k = 0; k < pos.count; k++) {
      v.fromBufferAttribute(pos, k).applyMatrix4(m);
      positions.push(v.x, v.y, v.z);
    }
    for (let k = 0; k < pos.count / 3; k++) owner.push(i);
    box.dispose();
  });
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(new Float32Array(positions), 3));
  return { geometry, solidOfTriangle: Uint32Array.from(owner) };
}

export interface RayEngine {
  /** the first hit along the segment, as the index of the triangle in the merged mesh as built, or null */
  firstTriangle(a: Vec3, b: Vec3): number | null;
}

/** A hit's face index back to the triangle as built (a BVH reorders the geometry's index). */
function builtTriangle(geometry: BufferGeometry, faceIndex: number): number {
  const index = geometry.index;
  return index ? Math.floor(index.getX(faceIndex * 3) / 3) : faceIndex;
}

/** Rays through a BVH: the product's way. */
export class BvhRays implements RayEngine {
  readonly bvh: MeshBVH;
  private readonly ray = new Ray();

  constructor(private readonly geometry: BufferGeometry) {
    this.bvh = new MeshBVH(geometry);
  }

  firstTriangle(a: Vec3, b: Vec3): number | null {
    const len = Math.hypot(b.x - a.x, b.y - a.y, b.z - a.z);
    if (len <= 2 * END_EPS) return null;
    this.ray.origin.set(a.x, a.y, a.z);
    this.ray.direction.set((b.x - a.x) / len, (b.y - a.y) / len, (b.z - a.z) / len);
    const hit = this.bvh.raycastFirst(this.ray, DoubleSide, END_EPS, len - END_EPS);
    return hit && hit.faceIndex != null ? builtTriangle(this.geometry, hit.faceIndex) : null;
  }
}

/** Rays through three's plain Raycaster over the same mesh, every triangle tested: the baseline. */
export class PlainRays implements RayEngine {
  private readonly mesh: Mesh;
  private readonly raycaster = new Raycaster();
  private readonly hits: import('three').Intersection[] = [];

  constructor(private readonly geometry: BufferGeometry) {
    this.mesh = new Mesh(geometry, new MeshBasicMaterial({ side: DoubleSide }));
    this.mesh.updateMatrixWorld(true);
  }

  firstTriangle(a: Vec3, b: Vec3): number | null {
    const len = Math.hypot(b.x - a.x, b.y - a.y, b.z - a.z);
    if (len <= 2 * END_EPS) return null;
    this.raycaster.set(new Vector3(a.x, a.y, a.z), new Vector3((b.x - a.x) / len, (b.y - a.y) / len, (b.z - a.z) / len));
    this.raycaster.near = END_EPS;
    this.raycaster.far = len - END_EPS;
    this.hits.length = 0;
    this.raycaster.intersectObject(this.mesh, false, this.hits);
    const first = this.hits[0];
    return first && first.faceIndex != null ? builtTriangle(this.geometry, first.faceIndex) : null;
  }
}

/** The core's SceneryIndex: exact placement queries, and Line of Fire rays through a ray engine. */
export class SceneryIndexImpl implements SceneryIndex {
  constructor(
    private readonly analytic: AnalyticScenery,
    private readonly rays: RayEngine,
    private readonly solidOfTriangle: Uint32Array,
  ) {}

  get solids(): readonly ScenerySolid[] {
    return this.analytic.solids;
  }

  get occluders(): readonly ScenerySolid[] {
    return this.analytic.occluders;
  }

  supportHeight(x: number, y: number, r: number, z: number): number | null {
    return this.analytic.supportHeight(x, y, r, z);
  }

  surfacesAt(x: number, y: number): number[] {
    return this.analytic.surfacesAt(x, y);
  }

  overlapping(c: Cylinder): ScenerySolid | null {
    return this.analytic.overlapping(c);
  }

  enclosing(x: number, y: number, r: number, z: number, open?: boolean): string | null {
    return this.analytic.enclosing(x, y, r, z, open);
  }

  get stance(): StanceQueries {
    return this.analytic.stance;
  }

  nearestSide(c: Cylinder): { solid: ScenerySolid; gap: number } | null {
    return this.analytic.nearestSide(c);
  }

  sceneryHit(a: Vec3, b: Vec3): ScenerySolid | null {
    const tri = this.rays.firstTriangle(a, b);
    return tri === null ? null : this.analytic.solids[this.solidOfTriangle[tri]!]!;
  }
}

export type RayKind = 'bvh' | 'plain';

export function createSceneryIndex(setup: Pick<Setup, 'table' | 'terrain' | 'facts'>, kind: RayKind = 'bvh'): SceneryIndexImpl {
  const analytic = new AnalyticScenery(buildSceneryModel(setup, resolveFacts(setup.facts)));
  const { geometry, solidOfTriangle } = mergedSceneryGeometry(analytic.solids);
  const rays = kind === 'bvh' ? new BvhRays(geometry) : new PlainRays(geometry);
  return new SceneryIndexImpl(analytic, rays, solidOfTriangle);
}
