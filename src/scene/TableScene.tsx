import { type CSSProperties, lazy, Suspense, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { Canvas, useThree, type RootState } from '@react-three/fiber';
import { AdaptiveDpr, OrbitControls, OrthographicCamera } from '@react-three/drei';
import { type EventDispatcher, Mesh, MOUSE } from 'three';
import { tableTools } from '../tools/page';
import { selectView, useGame } from '../state/gameStore';
import { isPublicScreen, useMatch } from '../state/matchStore';
import { factsFor, piecesFor, type Piece } from '../state/pieces';
import { frame } from '../state/frame';
import { sessionStore, useSession } from '../state/sessionStore';
import { CameraRig } from './CameraRig';
import { DeployGhost } from './DeployGhost';
import { FiredTemplates } from './FiredTemplates';
import { readingRotation } from './cameraViews';
import { Grid } from './Grid';
import { KeepPrograms, WarmShadowPrograms } from './KeepPrograms';
import { Lights } from './Lights';
import { PALETTE } from './palette';
import { SelectionMarks } from './SelectionMarks';
import { ShadowCache } from './ShadowCache';
import { Table } from './Table';
import { Terrain } from './Terrain';
import { TestHook } from './TestHook';
import { Objectives, Tokens } from './Tokens';
import { MissionZones } from './MissionZones';
import { Troopers } from './Troopers';
import { LofOverlay } from './LofOverlay';
import { Rehover } from './Rehover';
import { RulerOverlay } from './RulerOverlay';
import { TemplateOverlay } from './TemplateOverlay';
import { TableInput } from './TableInput';
import { useTools } from './useTools';
import { Zones } from './Zones';

// A Combat Jump's landing map is wanted in few turns: its overlay is fetched after the first frame.
const JumpOverlay = lazy(() => import('./JumpOverlay').then((m) => ({ default: m.JumpOverlay })));
// A Move's path is drawn in the turns, never on the first frame: its overlay is fetched after it too.
const PathOverlay = lazy(() => import('./PathOverlay').then((m) => ({ default: m.PathOverlay })));
// The reactive player's ARO window on the table: only once a window is open, never before the first frame.
const AroWindowOverlay = lazy(() => import('./AroWindowOverlay').then((m) => ({ default: m.AroWindowOverlay })));
// Solo against the table: the table's Order's path (issue 40), only in such a game.
const BotPath = lazy(() => import('./BotPath').then((m) => ({ default: m.BotPath })));

interface TableSceneProps {
  /** Called once the canvas exists; the first frame is being rendered. */
  onCreated?: (state: RootState) => void;
  /** hotseat hand-over: draw nothing at all, so nothing of either player's view is on the page */
  covered?: boolean;
}

const NO_PIECES: Piece[] = [];

/**
 * The 3D table, drawn only from what the viewer may know (`viewFor`): mat, grid, zones, terrain,
 * objectives, models, markers, and the tools' overlays (ruler, Line of Fire, templates, zones).
 * Renders on demand; camera views come from the session.
 */
export function TableScene({ onCreated, covered = false }: TableSceneProps) {
  const setup = useGame((s) => s.setup);
  const view = useGame(selectView);
  const viewer = useGame((s) => s.viewer);
  const facts = factsFor(setup);
  // The hotseat public screen (the initiative roll, both players looking) draws no troopers at all.
  const publicScreen = useMatch(isPublicScreen);
  const againstTable = useMatch((s) => s.bot !== null);
  const pieces = publicScreen ? NO_PIECES : piecesFor(view, setup);
  const models = useMemo(() => pieces.filter((p) => p.kind === 'model'), [pieces]);
  const tokens = useMemo(() => pieces.filter((p) => p.kind !== 'model'), [pieces]);
  const aroOpen = view.order?.window != null;
  const capacity = setup.players.A.troopers.length + setup.players.B.troopers.length;
  const { width, depth } = setup.table;
  const readFrom = readingRotation(setup, view.initiative.zones, viewer ?? 'A');
  const zoneOverlay = useTools((s) => s.zones);
  const layers = useTools((s) => s.layers);
  // Whether the main button (one finger) turns the camera or is the tool's is set by `TableInput` at each press.
  const mouseButtons = useMemo(() => ({ LEFT: MOUSE.ROTATE, MIDDLE: MOUSE.DOLLY, RIGHT: MOUSE.PAN }), []);
  const table = useMemo(() => ({ width, depth }), [width, depth]);
  // The plan view (issue 41) looks through an orthographic camera, kept from above: it pans and zooms, never turns.
  const plan = useSession((s) => s.camera.mode === 'plan');

  // A software renderer (SwiftShader, llvmpipe) smooths no edges: multisampling costs it as much as
  // the rest of a frame, whatever the resolution. A GPU keeps it.
  const [soft] = useState(softwareWebGL);
  const glOptions = useMemo(() => ({ antialias: !soft }), [soft]);

  // Behind a hand-over (issue 41) nothing is drawn, and the canvas keeps its size: see `useHeldSize`.
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const held = useHeldSize(box, covered);
  const drawing = useDrawing(covered);

  return (
    <div ref={setBox} className="table-canvas" style={held ?? FILL}>
      <Canvas
        // Covered, no frame at all (`Blank` wipes what was shown, once); uncovered, frames on demand.
        frameloop={drawing ? 'demand' : 'never'}
        // 'percentage' = PCFShadowMap. Plain `shadows` asks for PCFSoftShadowMap, which
        // three r187 has removed (it logs a warning and falls back to PCF anyway). A software renderer
        // looks its shadows up once a pixel ('basic'): the PCF lookups were half its frame or more
        // (issue 41), and its long tasks are its frames.
        shadows={soft ? 'basic' : 'percentage'}
        gl={glOptions}
        dpr={[1, 2]}
        // While the camera moves (a drag, a glide), a software renderer draws its frames at a sixteenth
        // of the pixels and without looking up shadows (SoftwareRegress), then once more in full when it
        // stops.
        performance={{ min: 0.25, max: 1, debounce: 250 }}
        camera={{ position: [width / 2, 60, 40], fov: 40, near: 0.5, far: 1000 }}
        onCreated={onCreated}
        onPointerMissed={() => {
          if (tableTools.selectsOnClick()) sessionStore.getState().select(null);
        }}
      >
        <color attach="background" args={[PALETTE.background]} />
        {/* The table itself is public: it stays mounted behind a hand-over (with no piece on it), so the
            screen that comes back compiles no shader and builds no terrain again (issue 41: the hand-overs'
            long tasks were the whole scene mounted afresh). */}
        <Lights width={width} depth={depth} mapSize={soft ? 1024 : 2048} />
        <KeepPrograms />
        <ShadowCache />
        <WarmShadowPrograms />
        <Table width={width} depth={depth} />
        <Grid width={width} depth={depth} />
        <Zones setup={setup} overlay={covered && zoneOverlay ? { ...zoneOverlay, zoc: null } : zoneOverlay} layers={layers} readFrom={readFrom} />
        <Terrain setup={setup} facts={facts} readFrom={readFrom} />
        <Objectives objectives={setup.objectives} />
        <Troopers pieces={covered ? NO_PIECES : models} capacity={capacity} baseHeight={facts.proneHeight} />
        <Tokens pieces={covered ? NO_PIECES : tokens} />
        <Blank covered={covered} />
        {covered ? (
          <TestHook pieces={NO_PIECES} />
        ) : (
          <>
            <MissionZones setup={setup} view={view} />
            <SelectionMarks pieces={pieces} />
            <RulerOverlay />
            <LofOverlay pieces={pieces} setup={setup} />
            <TemplateOverlay pieces={pieces} facts={facts} />
            <TableInput table={table} />
            {soft && <SoftwareRegress />}
            {plan && <OrthographicCamera makeDefault near={0.5} far={2000} position={[width / 2, 300, -depth / 2]} />}
            <OrbitControls
              makeDefault
              enableRotate={!plan}
              enableDamping={false}
              screenSpacePanning={false}
              zoomToCursor
              maxPolarAngle={Math.PI / 2 - 0.05}
              minDistance={4}
              maxDistance={220}
              mouseButtons={mouseButtons}
            />
            <CameraRig setup={setup} held={view.initiative.zones} player={viewer ?? 'A'} />
            <DeployGhost setup={setup} />
            <Suspense fallback={null}>
              <JumpOverlay setup={setup} />
            </Suspense>
            <Suspense fallback={null}>
              <PathOverlay pieces={pieces} />
            </Suspense>
            {aroOpen && (
              <Suspense fallback={null}>
                <AroWindowOverlay pieces={pieces} />
              </Suspense>
            )}
            {againstTable && (
              <Suspense fallback={null}>
                <BotPath pieces={pieces} />
              </Suspense>
            )}
            <FiredTemplates pieces={pieces} facts={facts} />
            <Rehover pieces={pieces} />
            <TestHook pieces={pieces} />
          </>
        )}
      </Canvas>
    </div>
  );
}

const FILL: CSSProperties = { width: '100%', height: '100%' };

/**
 * The canvas's size in pixels while `covered`, else null (it fills its place). Covering the page takes
 * the header's tools and the banner away and the table's place grows; uncovering gives it back. Each
 * way the canvas was resized (a new drawing buffer, and one more frame drawn after the resize was
 * measured), twice a hand-over. Held at the size it had, it is not resized at all where the page
 * comes back as it was (the usual case: a banner of the same height).
 */
function useHeldSize(box: HTMLElement | null, covered: boolean): CSSProperties | null {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useEffect(() => {
    if (!box || covered || typeof ResizeObserver === 'undefined') return;
    const seen = new ResizeObserver(() => {
      // As R3F measures it (fractions of a pixel too), so the held size is the very size it had.
      const { width, height } = box.getBoundingClientRect();
      setSize((s) => (s && s.width === width && s.height === height ? s : { width, height }));
    });
    seen.observe(box);
    return () => seen.disconnect();
  }, [box, covered]);
  return covered && size ? { width: size.width, height: size.height } : null;
}

/**
 * Whether the table is drawn: not while `covered`, and not until the page that comes back with it has
 * been laid out once. The table's first frame then sees the canvas's size and place as they are (a
 * fraction of a pixel's move is a new size to R3F, and was a second frame after the first).
 */
function useDrawing(covered: boolean): boolean {
  const [laidOut, setLaidOut] = useState(!covered);
  useEffect(() => {
    if (covered) {
      setLaidOut(false);
      return;
    }
    const id = requestAnimationFrame(() => setLaidOut(true));
    return () => cancelAnimationFrame(id);
  }, [covered]);
  return laidOut && !covered;
}

/**
 * Covered (a hand-over): the canvas is wiped once, so nothing of the last player's table stays in it,
 * and no frame is drawn until the table comes back (`frameloop` 'never'). Then one frame draws the new
 * seat's table, with whatever else came back with it (the camera's view, the controls).
 */
function Blank({ covered }: { covered: boolean }) {
  const gl = useThree((s) => s.gl);
  const get = useThree((s) => s.get);
  useLayoutEffect(() => {
    if (!covered) return;
    // A frame asked for before the cover went up (by the click that raised it) is not drawn either.
    get().internal.frames = 0;
    gl.setRenderTarget(null);
    gl.clear();
  }, [covered, gl, get]);
  return null;
}

/** Whether the WebGL context is drawn by the CPU (SwiftShader, llvmpipe): then every pixel counts. */
function isSoftwareRenderer(gl: WebGLRenderingContext | WebGL2RenderingContext): boolean {
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name = String(info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER));
  return /swiftshader|llvmpipe|softpipe|software/i.test(name);
}

/**
 * Whether this browser draws WebGL on the CPU, asked of a context of its own (made and let go at
 * once) before the table's is made with or without multisampling. False where there is no WebGL.
 */
export function softwareWebGL(): boolean {
  if (typeof document === 'undefined') return false;
  try {
    const canvas = document.createElement('canvas');
    const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    if (!gl) return false;
    const soft = isSoftwareRenderer(gl);
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return soft;
  } catch {
    return false;
  }
}

/**
 * While the camera moves, on a software renderer only (a GPU draws it all at once): fewer pixels
 * (AdaptiveDpr), and no shadow looked up (each mesh's `receiveShadow` is a uniform of its shader, so
 * nothing is compiled again). The shadows come back with the full resolution when the camera stops;
 * the shadow map itself is kept throughout (ShadowCache).
 */
function SoftwareRegress() {
  return (
    <>
      <RegressWhileMoving />
      <AdaptiveDpr />
      <ShadowsAtRest />
    </>
  );
}

/**
 * The camera counts as moving while a person drags it or it glides to a named view; a view put in place
 * at once (a hand-over's, a resize's) is one frame, drawn in full (issue 41: it was drawn small, then
 * again in full, a canvas resize each way, on every hand-over).
 */
function RegressWhileMoving() {
  const controls = useThree((s) => s.controls) as unknown as EventDispatcher<{ start: object; end: object; change: object }> | null;
  const regress = useThree((s) => s.performance.regress);
  useEffect(() => {
    if (!controls) return;
    let held = false;
    const start = () => void (held = true);
    const end = () => void (held = false);
    const change = () => {
      if (held || frame.cameraBusy) regress();
    };
    controls.addEventListener('start', start);
    controls.addEventListener('end', end);
    controls.addEventListener('change', change);
    return () => {
      controls.removeEventListener('start', start);
      controls.removeEventListener('end', end);
      controls.removeEventListener('change', change);
    };
  }, [controls, regress]);
  return null;
}

function ShadowsAtRest() {
  const moving = useThree((s) => s.performance.current < 1);
  const scene = useThree((s) => s.scene);
  const invalidate = useThree((s) => s.invalidate);
  useEffect(() => {
    if (!moving) return;
    const off: Mesh[] = [];
    scene.traverse((o) => {
      if (o instanceof Mesh && o.receiveShadow) {
        o.receiveShadow = false;
        off.push(o);
      }
    });
    return () => {
      for (const m of off) m.receiveShadow = true;
      invalidate();
    };
  }, [moving, scene, invalidate]);
  return null;
}
