import { useState } from 'react';
import { Object3D } from 'three';
import { tableToThree } from './coords';

interface LightsProps {
  width: number;
  depth: number;
  /** the shadow map's side, texels: 1024 on a software renderer (a quarter of the pixels to draw, about one texel a pixel of the table seen whole) */
  mapSize: number;
}

/**
 * A soft sky/ground fill plus one shadow-casting "sun" high in the south-east: every piece throws a
 * shadow to the north-west whose length tells its height, and its faces take different shades.
 */
export function Lights({ width, depth, mapSize }: LightsProps) {
  const [target] = useState(() => new Object3D());
  const centre = tableToThree(width / 2, depth / 2, 0);
  const sun = tableToThree(width / 2 + 34, depth / 2 - 30, 62);
  const half = Math.max(width, depth) / 2 + 8;

  return (
    <>
      <hemisphereLight args={['#f2f4ff', '#3a3f36', 1.1]} />
      <ambientLight intensity={0.25} />
      <primitive object={target} position={centre} />
      <directionalLight
        position={sun}
        target={target}
        intensity={2.2}
        castShadow
        shadow-mapSize={[mapSize, mapSize]}
        shadow-camera-left={-half}
        shadow-camera-right={half}
        shadow-camera-top={half}
        shadow-camera-bottom={-half}
        shadow-camera-near={1}
        shadow-camera-far={250}
        shadow-bias={-0.0004}
        shadow-normalBias={0.02}
        shadow-intensity={0.8}
      />
    </>
  );
}
