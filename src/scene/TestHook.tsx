import { useEffect } from 'react';
import { useThree } from '@react-three/fiber';
import { Mesh, Vector3 } from 'three';
import type { PlayerId } from '../core/model/types';
import type { Piece } from '../state/pieces';
import { frame } from '../state/frame';
import { gameStore, selectView } from '../state/gameStore';
import { matchStore, type MatchMode } from '../state/matchStore';
import { deployTool } from '../tools/pageTools';
import { sessionStore } from '../state/sessionStore';
import { tableTools } from '../tools/page';
import { setFromTable } from './coords';
import type { OrbitLike } from './CameraRig';
import { publicState, type PublicState, type StateView } from '../core/api';

/** What the browser tests may ask the page (installed only under automation: navigator.webdriver). */
export interface TableTestHook {
  /** the table's WebGL context: whether it multisamples, and how many meshes now look up shadows */
  renderer(): { antialias: boolean | null; shadowsReceived: number };
  /** the pieces drawn, with where each one's centre is on screen now (client pixels), or null if off screen */
  pieces(): { key: string; kind: Piece['kind']; player: string; label: string; screen: { x: number; y: number } | null }[];
  /** where a piece's centre is on screen now (client pixels) */
  project(key: string): { x: number; y: number } | null;
  /** where a table point (inches, z up) is on screen now (client pixels) */
  projectPoint(x: number, y: number, z?: number): { x: number; y: number } | null;
  /** the camera's pose and the named view it shows; `busy` while it glides to a named view */
  camera(): { position: [number, number, number]; target: [number, number, number]; view: string; busy: boolean };
  /** what the tools show now: the tool and its state path, the ruler (live), Line of Fire marks, the template */
  tools(): ToolsReport;
  /** where the game stands: only what both players know (phase, step, whose turn, the initiative), and the match */
  game(): PublicState & {
    commands: number;
    mode: MatchMode;
    seat: PlayerId | null;
    handOverTo: PlayerId | null;
  };
  /** the table as the screen shows it now: the core's view for the viewer or seat (never more) */
  view(): StateView;
  /** the deployment tool: the trooper in hand, the spot under the pointer, and the engine's verdict on it */
  ghost(): {
    phase: string;
    trooper: string | null;
    at: { x: number; y: number; z?: number | undefined } | null;
    facing: number;
    legal: boolean | null;
    rule: string | null;
    message: string | null;
  };
}

export interface ToolsReport {
  active: string;
  path: string;
  ruler: { inches: number; horizontal: number; vertical: number; from: unknown; to: unknown } | null;
  lof: { shooter: string; marks: { key: string; verdict: string }[] } | null;
  inspected: string | null;
  template: { kind: string; x: number; y: number; rotation: number; hits: string[]; placed: boolean } | null;
  layers: Record<string, boolean>;
  zoc: string | null;
}

declare global {
  interface Window {
    __table?: TableTestHook;
  }
}

const v = new Vector3();

/** A test-only window hook that projects pieces with the live camera, so tests can click them. */
export function TestHook({ pieces }: { pieces: Piece[] }) {
  const camera = useThree((s) => s.camera);
  const gl = useThree((s) => s.gl);
  const scene = useThree((s) => s.scene);
  const controls = useThree((s) => s.controls) as unknown as OrbitLike | null;

  useEffect(() => {
    if (typeof navigator === 'undefined' || !navigator.webdriver) return;
    const toScreen = (x: number, y: number, z: number) => {
      setFromTable(v, x, y, z);
      camera.updateMatrixWorld();
      v.project(camera);
      if (v.z > 1 || Math.abs(v.x) > 1 || Math.abs(v.y) > 1) return null;
      const rect = gl.domElement.getBoundingClientRect();
      return { x: rect.left + ((v.x + 1) / 2) * rect.width, y: rect.top + ((1 - v.y) / 2) * rect.height };
    };
    // The middle of the silhouette (or the top of a token), which a click on the piece hits.
    const project = (p: Piece) => toScreen(p.x, p.y, p.z + (p.kind === 'model' ? Math.max(p.height / 2, 0.06) : 0.08));
    const hook: TableTestHook = {
      renderer: () => {
        let shadowsReceived = 0;
        scene.traverse((o) => {
          if (o instanceof Mesh && o.receiveShadow) shadowsReceived++;
        });
        return { antialias: gl.getContext().getContextAttributes()?.antialias ?? null, shadowsReceived };
      },
      pieces: () => pieces.map((p) => ({ key: p.key, kind: p.kind, player: p.player, label: p.label, screen: project(p) })),
      project: (key) => {
        const p = pieces.find((q) => q.key === key);
        return p ? project(p) : null;
      },
      projectPoint: (x, y, z = 0) => toScreen(x, y, z),
      camera: () => ({
        position: camera.position.toArray() as [number, number, number],
        target: (controls?.target.toArray() ?? [0, 0, 0]) as [number, number, number],
        view: sessionStore.getState().cameraView,
        busy: frame.cameraBusy,
      }),
      tools: () => {
        const s = tableTools.store.getState();
        const r = tableTools.live.ruler;
        const t = tableTools.live.template;
        return {
          active: s.active,
          path: s.path,
          ruler: r ? { inches: r.inches, horizontal: r.horizontal, vertical: r.vertical, from: r.from, to: r.to } : null,
          lof: s.lof ? { shooter: s.lof.shooter, marks: s.lof.marks.map((m) => ({ key: m.key, verdict: m.verdict })) } : null,
          inspected: s.inspected,
          template: t ? { kind: t.placement.kind, x: t.placement.x, y: t.placement.y, rotation: t.placement.rotation, hits: t.hits, placed: t.placed } : null,
          layers: { ...s.layers },
          zoc: s.zones.zoc?.key ?? null,
        };
      },
      game: () => {
        const { state, history } = gameStore.getState();
        const m = matchStore.getState();
        return {
          ...publicState(state),
          commands: history.length,
          mode: m.mode,
          seat: m.seat,
          handOverTo: m.handOverTo,
        };
      },
      view: () => selectView(gameStore.getState()),
      ghost: () => {
        const s = deployTool.snapshot;
        return {
          phase: s.phase,
          trooper: s.trooper,
          at: s.at,
          facing: s.facing,
          legal: s.verdict ? s.verdict.ok : null,
          rule: s.verdict?.rule ?? null,
          message: s.verdict?.message ?? null,
        };
      },
    };
    window.__table = hook;
    return () => {
      if (window.__table === hook) delete window.__table;
    };
  }, [camera, gl, scene, controls, pieces]);

  return null;
}
