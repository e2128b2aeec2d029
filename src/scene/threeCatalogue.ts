/**
 * The three.js classes the table's JSX names as elements (`<mesh>`, `<ringGeometry>`, `<color attach>`,
 * drei's `<orthographicCamera>` ...), and no others. R3F's `<Canvas>` registers the whole `three`
 * namespace by default (`extend(THREE)`), which keeps every class of three in the page's first chunk;
 * the build (vite.config.ts, `threeCatalogue` plugin) gives it this module in place of that namespace,
 * so what the page never draws is left out (docs/speed.md, "Bundle size").
 *
 * An element whose class is missing here throws "R3F: X is not part of the THREE namespace!" in the
 * built page only (the dev server keeps R3F's full namespace): `threeCatalogue.test.ts` reads every
 * .tsx file of src and fails on such a name, so add the class here with the element.
 */
export {
  AmbientLight,
  BoxGeometry,
  CircleGeometry,
  Color,
  CylinderGeometry,
  DirectionalLight,
  Group,
  HemisphereLight,
  LineBasicMaterial,
  LineSegments,
  Mesh,
  MeshBasicMaterial,
  MeshStandardMaterial,
  OrthographicCamera,
  PlaneGeometry,
  RingGeometry,
  SphereGeometry,
  Sprite,
  SpriteMaterial,
} from 'three';
