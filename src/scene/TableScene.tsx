import { Canvas, type RootState } from '@react-three/fiber';
import { OrbitControls } from '@react-three/drei';
import { tableToThree } from './coords';
import { Grid } from './Grid';
import { Lights } from './Lights';
import { Table } from './Table';
import { TABLE_DEPTH, TABLE_WIDTH } from './tableDimensions';

const BACKGROUND = '#14181b';

interface TableSceneProps {
  /** Called once the canvas exists; the first frame is being rendered. */
  onCreated?: (state: RootState) => void;
}

/** The 3D view: an empty 48" x 48" table seen from the south at an angle. */
export function TableScene({ onCreated }: TableSceneProps) {
  const centre = tableToThree(TABLE_WIDTH / 2, TABLE_DEPTH / 2, 0);
  // South of the table (table y < 0), raised, looking north-down at the centre.
  const cameraPosition = tableToThree(TABLE_WIDTH / 2, -16, 48);

  return (
    <Canvas
      frameloop="demand"
      // 'percentage' = PCFShadowMap. Plain `shadows` asks for PCFSoftShadowMap, which
      // three r187 has removed (it logs a warning and falls back to PCF anyway).
      shadows="percentage"
      dpr={[1, 2]}
      camera={{ position: cameraPosition, fov: 45, near: 0.5, far: 1000 }}
      onCreated={onCreated}
    >
      <color attach="background" args={[BACKGROUND]} />
      <Lights />
      <Table />
      <Grid />
      <OrbitControls
        makeDefault
        target={centre}
        enableDamping={false}
        maxPolarAngle={Math.PI / 2 - 0.05}
        minDistance={6}
        maxDistance={200}
      />
    </Canvas>
  );
}
