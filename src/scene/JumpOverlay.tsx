import { useEffect, useMemo, useRef } from 'react';
import { useStore } from 'zustand';
import { useThree } from '@react-three/fiber';
import {
  Color,
  CylinderGeometry,
  DoubleSide,
  type Group,
  InstancedMesh,
  Matrix4,
  MeshBasicMaterial,
  PerspectiveCamera,
  PlaneGeometry,
  RingGeometry,
  type Mesh,
} from 'three';
import type { Setup } from '../core/model/types';
import { factsFor, profileIn } from '../state/pieces';
import { cellAt, type JumpState } from '../tools/jump';
import { inView, jumpTool, mapDrawn, refine } from '../tools/jumpPage';
import { facingToThreeRotationY, setFromTable, threeToTable } from './coords';
import { GHOST_COLOURS } from './DeployGhost';
import { exposureColour, MAP_LOOK } from './jumpColours';
import { facingArrowGeometry, silhouetteGeometry } from './trooperGeometry';
import { type LandingMap } from '../core/api';
import { mapRects, type MapRect } from './mapRects';

/** Closer than this (inches from the camera to its target), the view gets the finer map by itself. */
const REFINE_DISTANCE = 32;

const m4 = new Matrix4();
const colour = new Color();

/**
 * The cells' square and their two looks, made once for every map (issue 41): a new map, or the 0.5"
 * one replacing the 1" one, compiles no shader again (a material disposed with its map let go of its
 * program, and the next map compiled it afresh).
 */
const SQUARE = new PlaneGeometry(1, 1).rotateX(-Math.PI / 2);
const LOOKS = {
  legal: new MeshBasicMaterial({ transparent: true, opacity: MAP_LOOK.legalOpacity, depthWrite: false, side: DoubleSide }),
  refused: new MeshBasicMaterial({ transparent: true, opacity: MAP_LOOK.veilOpacity, depthWrite: false, side: DoubleSide }),
};

/** One instanced mesh of flat rectangles, edge to edge, each on the surface it stands on. */
function cellMesh(rects: MapRect[], name: string, look: MeshBasicMaterial, colourOf: (n: number) => string): InstancedMesh | null {
  if (rects.length === 0) return null;
  const im = new InstancedMesh(SQUARE, look, rects.length);
  im.name = name;
  im.renderOrder = 20;
  im.raycast = () => undefined;
  rects.forEach((q, i) => {
    m4.makeScale(q.w, 1, q.d);
    m4.setPosition(q.x, q.z + 0.04, -q.y);
    im.setMatrixAt(i, m4);
    im.setColorAt(i, colour.set(colourOf(q.n)));
  });
  im.instanceMatrix.needsUpdate = true;
  if (im.instanceColor) im.instanceColor.needsUpdate = true;
  // The finer map's workers wait for the frame that shows this one (jumpPage's afterMapDrawn).
  im.onAfterRender = mapDrawn;
  return im;
}

/**
 * The maps' looks drawn once ahead, once a page (issue 41): the first map then shows with nothing to
 * build in its frame. Compiling the shader (`compile`) was not enough: the browser's WebGL (ANGLE) finishes
 * what the program needs (its pipeline, with the blending, it seems) at its first draw, some 60 ms of the GPU process on a software
 * renderer, in the first map's frame. So a cell of each look, shrunk to nothing, is drawn in the table's
 * scene on the next frame, then taken away.
 */
let warmed = false;
function WarmMapLook() {
  const scene = useThree((s) => s.scene);
  const invalidate = useThree((s) => s.invalidate);
  useEffect(() => {
    if (warmed) return;
    warmed = true;
    for (const look of [LOOKS.legal, LOOKS.refused]) {
      const probe = cellMesh([{ x: 0, y: 0, z: 0, w: 0, d: 0, n: 0 }], 'landing-map-probe', look, exposureColour)!;
      probe.frustumCulled = false;
      probe.onAfterRender = () =>
        queueMicrotask(() => {
          scene.remove(probe);
          probe.dispose();
        });
      scene.add(probe);
    }
    invalidate();
  }, [scene, invalidate]);
  return null;
}

/**
 * The maps' cells (the finer map where it is, the whole-table map elsewhere), drawn edge to edge so the
 * legal area reads as one shape in its exposure colours (no checkerboard over the zone tints), and every
 * spot where it may not land under a dark veil; alike neighbours are drawn as one rectangle (`mapRects`).
 */
function MapCells({ map, fine }: { map: LandingMap | null; fine: LandingMap | null }) {
  const invalidate = useThree((s) => s.invalidate);
  const meshes = useMemo(() => {
    const inFine = (x: number, y: number) => !!fine && x >= fine.x0 && y >= fine.y0 && x < fine.x0 + fine.cols * fine.step && y < fine.y0 + fine.rows * fine.step;
    const rects = [...(map ? mapRects(map, inFine) : []), ...(fine ? mapRects(fine) : [])];
    return [
      cellMesh(
        rects.filter((q) => q.n >= 0),
        'landing-map',
        LOOKS.legal,
        exposureColour,
      ),
      cellMesh(
        rects.filter((q) => q.n < 0),
        'landing-map-refused',
        LOOKS.refused,
        () => MAP_LOOK.veil,
      ),
    ].filter((m): m is InstancedMesh => m !== null);
  }, [map, fine]);
  useEffect(() => {
    // Nothing to draw before the first map (the jump just taken up): no frame asked for.
    if (meshes.length > 0) invalidate();
    // The square and the looks are shared by every map: only the instances go.
    return () => meshes.forEach((mesh) => mesh.dispose());
  }, [meshes, invalidate]);
  return (
    <>
      {meshes.map((m) => (
        <primitive key={m.name} object={m} />
      ))}
    </>
  );
}

/** The jumper where it would stand: green where it may, red where not; pinned, it is solid. */
function JumpGhost({ setup }: { setup: Setup }) {
  const invalidate = useThree((s) => s.invalidate);
  const group = useRef<Group>(null);
  const body = useRef<Mesh>(null);
  const arrow = useRef<Mesh>(null);
  const ring = useRef<Mesh>(null);
  const parts = useMemo(
    () => ({
      bodyGeo: silhouetteGeometry(),
      arrowGeo: facingArrowGeometry(),
      ringGeo: new RingGeometry(1.08, 1.35, 48).rotateX(-Math.PI / 2),
      glass: new MeshBasicMaterial({ transparent: true, opacity: 0.45, depthWrite: false, side: DoubleSide }),
      flat: new MeshBasicMaterial({ color: '#ffffff', side: DoubleSide }),
      halo: new MeshBasicMaterial({ transparent: true, opacity: 0.95, depthTest: false, depthWrite: false }),
    }),
    [],
  );
  useEffect(() => () => Object.values(parts).forEach((p) => p.dispose()), [parts]);
  useEffect(() => {
    const facts = factsFor(setup);
    const draw = (s: JumpState) => {
      const g = group.current;
      if (!g || !body.current || !arrow.current || !ring.current) return;
      const profile = s.trooper ? profileIn(setup, s.trooper) : undefined;
      let at: { x: number; y: number; z: number } | null = null;
      let ok: boolean | null = null;
      if (s.phase === 'aiming') {
        const spot = s.pinned ?? s.hover;
        if (spot) {
          at = spot;
          ok = spot.legal;
        }
      } else if (s.phase === 'fallback' && s.fallbackAt) {
        at = { x: s.fallbackAt.x, y: s.fallbackAt.y, z: s.fallbackVerdict?.z ?? s.fallbackAt.z ?? 0 };
        ok = s.fallbackVerdict?.ok ?? null;
      }
      if (!at || !profile) {
        if (g.visible) {
          g.visible = false;
          invalidate();
        }
        return;
      }
      const sil = facts.silhouettes[profile.s];
      const marker = s.phase === 'aiming' && s.as === 'marker';
      const h = marker ? 0.1 : sil.height;
      setFromTable(g.position, at.x, at.y, at.z);
      g.rotation.set(0, facingToThreeRotationY(s.facing), 0);
      body.current.scale.set(sil.radius, h, sil.radius);
      arrow.current.scale.set(sil.radius, h, sil.radius);
      ring.current.scale.set(sil.radius, 1, sil.radius);
      const c = ok === null ? GHOST_COLOURS.unknown : ok ? GHOST_COLOURS.ok : GHOST_COLOURS.bad;
      parts.glass.color.set(c);
      parts.halo.color.set(s.phase === 'aiming' && s.pinned ? '#ffffff' : c);
      parts.glass.opacity = s.phase === 'aiming' && s.pinned ? 0.8 : 0.45;
      g.visible = true;
      invalidate();
    };
    draw(jumpTool.snapshot);
    return jumpTool.store.subscribe(draw);
  }, [setup, parts, invalidate]);
  return (
    <group ref={group} visible={false} name="jump-ghost">
      <mesh ref={ring} geometry={parts.ringGeo} material={parts.halo} position-y={0.05} renderOrder={40} />
      <mesh ref={body} geometry={parts.bodyGeo} material={parts.glass} renderOrder={41} />
      <mesh ref={arrow} geometry={parts.arrowGeo} material={parts.flat} renderOrder={42} />
    </group>
  );
}

/** CJ-10: the explosion's Circular Template, where the jumper ended up. */
function ExplosionTemplate({ setup, s }: { setup: Setup; s: JumpState }) {
  const t = s.phase === 'done' ? s.result?.events.find((e) => e.type === 'template') : undefined;
  const facts = factsFor(setup);
  const geo = useMemo(() => new CylinderGeometry(1, 1, 1, 48, 1, true), []);
  if (!t || t.type !== 'template') return null;
  const r = facts.circularTemplateDiameter / 2;
  const half = facts.explosionHalfHeight;
  return (
    <group name="jump-template" position={[t.x, t.z, -t.y]}>
      <mesh geometry={geo} scale={[r, 2 * half, r]} renderOrder={25}>
        <meshBasicMaterial color="#ff5a3c" transparent opacity={0.28} depthWrite={false} side={DoubleSide} />
      </mesh>
      <mesh rotation-x={-Math.PI / 2} position-y={0.05} renderOrder={26}>
        <ringGeometry args={[r - 0.12, r, 64]} />
        <meshBasicMaterial color="#ff5a3c" depthTest={false} transparent opacity={0.95} />
      </mesh>
    </group>
  );
}

/**
 * The camera's view of the table, for the finer map: the part in view, and a finer map over it once the
 * camera rests close enough. (The pointer, the wheel and the keys reach the jump tool through the
 * table's one pointer adapter, `TableInput`.)
 */
function JumpView({ table }: { table: { width: number; depth: number } }) {
  const camera = useThree((s) => s.camera);
  const controls = useThree((s) => s.controls) as unknown as {
    target: { x: number; y: number; z: number };
    addEventListener(t: string, f: () => void): void;
    removeEventListener(t: string, f: () => void): void;
  } | null;

  useEffect(() => {
    const area = () => {
      if (!controls) return undefined;
      const [tx, ty] = threeToTable(controls.target.x, controls.target.y, controls.target.z);
      const dist = camera.position.distanceTo(controls.target as never);
      const fov = camera instanceof PerspectiveCamera ? camera.fov : 40;
      const aspect = camera instanceof PerspectiveCamera ? camera.aspect : 1.6;
      const halfH = dist * Math.tan(((fov / 2) * Math.PI) / 180);
      const half = Math.min(12, Math.max(halfH, halfH * aspect));
      const x0 = Math.max(0, Math.floor(tx - half));
      const y0 = Math.max(0, Math.floor(ty - half));
      const x1 = Math.min(table.width, Math.ceil(tx + half));
      const y1 = Math.min(table.depth, Math.ceil(ty + half));
      if (x1 - x0 < 1 || y1 - y0 < 1) return undefined;
      return { x0, y0, x1, y1 };
    };
    inView.area = area;
    return () => {
      inView.area = () => undefined;
    };
  }, [camera, controls, table]);

  useEffect(() => {
    // Zoomed in on part of the table: the finer map over what is in view, once the camera rests.
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastArea = '';
    const onCameraEnd = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const s = jumpTool.snapshot;
        if (s.phase !== 'aiming' || s.progress !== null || !controls) return;
        if (camera.position.distanceTo(controls.target as never) > REFINE_DISTANCE) return;
        const a = JSON.stringify(inView.area());
        if (a === lastArea) return;
        lastArea = a;
        refine();
      }, 250);
    };
    controls?.addEventListener('end', onCameraEnd);
    return () => {
      controls?.removeEventListener('end', onCameraEnd);
      clearTimeout(timer);
    };
  }, [camera, controls]);
  return null;
}

declare global {
  interface Window {
    /** test-only: the jump tool's state and the map's cells (installed under automation) */
    __jump?: {
      state(): { phase: string; progress: number | null; mapReady: boolean; fineReady: boolean; hover: JumpState['hover']; pinned: JumpState['pinned'] };
      cell(x: number, y: number): { exposure: number; height: number } | null;
    };
  }
}

/**
 * TOOL-4 on the table: the landing map (whole table, and finer where the player looks closer), the
 * jumper's ghost and the explosion's template. The jump tool's input is the table's (`TableInput`).
 */
export function JumpOverlay({ setup }: { setup: Setup }) {
  const s = useStore(jumpTool.store, (x) => x);
  const table = useMemo(() => ({ width: setup.table.width, depth: setup.table.depth }), [setup.table.width, setup.table.depth]);
  useEffect(() => {
    if (typeof navigator === 'undefined' || !navigator.webdriver) return;
    window.__jump = {
      state: () => {
        const j = jumpTool.snapshot;
        return { phase: j.phase, progress: j.progress, mapReady: j.map !== null, fineReady: j.fine !== null, hover: j.hover, pinned: j.pinned };
      },
      cell: (x, y) => {
        const j = jumpTool.snapshot;
        return cellAt(j.fine, x, y) ?? cellAt(j.map, x, y);
      },
    };
  }, []);
  return (
    <>
      <WarmMapLook />
      {s.phase === 'aiming' && <MapCells map={s.map} fine={s.fine} />}
      <JumpGhost setup={setup} />
      <ExplosionTemplate setup={setup} s={s} />
      <JumpView table={table} />
    </>
  );
}
