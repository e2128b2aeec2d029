import { useState } from 'react';
import { Object3D } from 'three';
import { tableToThree } from './coords';
import { TABLE_DEPTH, TABLE_WIDTH } from './tableDimensions';

/** Ambient fill plus one shadow-casting directional "sun" from the south-east. */
export function Lights() {
  const [target] = useState(() => new Object3D());
  const centre = tableToThree(TABLE_WIDTH / 2, TABLE_DEPTH / 2, 0);
  const sun = tableToThree(TABLE_WIDTH / 2 + 30, TABLE_DEPTH / 2 - 40, 70);
  const half = Math.max(TABLE_WIDTH, TABLE_DEPTH) / 2 + 6;

  return (
    <>
      <ambientLight intensity={0.55} />
      <primitive object={target} position={centre} />
      <directionalLight
        position={sun}
        target={target}
        intensity={1.6}
        castShadow
        shadow-mapSize={[2048, 2048]}
        shadow-camera-left={-half}
        shadow-camera-right={half}
        shadow-camera-top={half}
        shadow-camera-bottom={-half}
        shadow-camera-near={1}
        shadow-camera-far={250}
        shadow-bias={-0.0005}
      />
    </>
  );
}
