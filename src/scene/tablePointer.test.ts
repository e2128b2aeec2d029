import { describe, expect, it } from 'vitest';
import { Mesh, PerspectiveCamera, Vector2 } from 'three';
import { resolveFacts } from '../core/data/facts';
import { fixture } from '../tools/testTable';
import { setFromTable } from './coords';
import { surfaceUnder } from './DeployInput';
import { buildTerrainMeshes } from './terrainGeometry';

const file = fixture('e2e/fixtures/small-setup.json');
const terrain = new Mesh(buildTerrainMeshes(file, resolveFacts(file.facts)).solids);
terrain.updateMatrixWorld(true);

/** A camera above the table looking straight down at (x, y), and the pointer at the middle of the screen. */
function lookDownAt(x: number, y: number, from = 30) {
  const camera = new PerspectiveCamera(40, 1.5, 0.5, 500);
  setFromTable(camera.position, x, y + 0.001, from);
  camera.up.set(0, 0, -1);
  camera.lookAt(x, 0, -y);
  camera.updateMatrixWorld(true);
  return surfaceUnder(new Vector2(0, 0), camera, terrain, file.table);
}

describe('the point under the pointer', () => {
  it('DEP-6 is on the block top, at its height, where the pointer is over a block', () => {
    const p = lookDownAt(38, 6);
    expect(p).toEqual({ x: 38, y: 6, z: 2 });
  });

  it('is on the roof of a closed building, and on the table top elsewhere', () => {
    expect(lookDownAt(24, 16)).toEqual({ x: 24, y: 16, z: 4 });
    expect(lookDownAt(10, 6)).toEqual({ x: 10, y: 6, z: 0 });
  });

  it('is on the ground inside a roofless ruin (the engine then says it is inside the building)', () => {
    expect(lookDownAt(10, 26)).toEqual({ x: 10, y: 26, z: 0 });
  });

  it('is nothing far off the table', () => {
    expect(lookDownAt(-10, 6)).toBeNull();
  });
});
