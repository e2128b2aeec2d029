import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useThree } from '@react-three/fiber';
import type { Piece } from '../state/pieces';
import { orderTool } from '../tools/pageTools';
import type { OrderToolSnapshot } from '../tools/order';
import { exposureColour } from './jumpColours';
import { FacingArrow } from './FacingArrow';
import { FlatRing, Rod } from './overlayParts';

const RED = '#ff3b3b';

function useOrderTool(): OrderToolSnapshot {
  return useSyncExternalStore(
    (l) => orderTool.subscribe(l),
    () => orderTool.snapshot,
  );
}


/**
 * TOOL-7 on the table: the path being drawn, each stretch coloured by how many enemies the player
 * knows of may react there (green none, yellow one, orange two, pink three or more; red where the
 * engine refuses the path), a dot on each waypoint, and a faint line from each enemy that would see
 * the mover to the first point it sees it at (a ring round one that has it only in its Zone of Control).
 */
export function PathOverlay({ pieces }: { pieces: Piece[] }) {
  const snap = useOrderTool();
  const invalidate = useThree((s) => s.invalidate);
  useEffect(() => invalidate(), [snap, invalidate]);
  const byKey = useMemo(() => new Map(pieces.map((p) => [p.key, p])), [pieces]);
  const reading = snap.reading;
  const drawn = snap.phase === 'drawing' && snap.coord ? <DrawnPaths snap={snap} byKey={byKey} /> : null;
  // MOV-19: the end facing's arrow, shown before any waypoint too (a Move of no length turns in place).
  if (snap.phase === 'drawing' && !reading)
    return (
      <>
        {drawn}
        <FacingArrow snap={snap} />
      </>
    );
  if (snap.phase !== 'drawing' || !reading) return null;
  const lift = 0.12;
  const pts = reading.points.map((p) => ({ x: p.x, y: p.y, z: p.z + lift }));
  const refused = snap.verdict && !snap.verdict.ok;
  const runs: { a: number; b: number; n: number }[] = [];
  for (let i = 1; i < pts.length; i++) {
    const n = Math.max(reading.exposure[i - 1] ?? 0, reading.exposure[i] ?? 0);
    const last = runs.at(-1);
    if (last && last.n === n) last.b = i;
    else runs.push({ a: i - 1, b: i, n });
  }
  return (
    <group name="path-overlay">
      {drawn}
      <FacingArrow snap={snap} />
      {runs.flatMap((r) => {
        const out = [];
        for (let i = r.a; i < r.b; i++) out.push(<Rod renderOrder={45} key={`${r.a}-${i}`} a={pts[i]!} b={pts[i + 1]!} radius={0.07} colour={refused ? RED : exposureColour(r.n)} />);
        return out;
      })}
      {snap.waypoints.map((w, i) => (
        <FlatRing key={`w${i}`} x={w.x} y={w.y} z={pts[0]!.z} inner={0.12} outer={0.24} colour="#ffffff" onTop renderOrder={46} />
      ))}
      {reading.reactors.map((r) => {
        const p = byKey.get(r.key);
        if (!p) return null;
        const from = { x: p.x, y: p.y, z: p.z + p.height * 0.8 };
        if (r.firstSeen === null) return <FlatRing key={`z${r.key}`} x={p.x} y={p.y} z={p.z + 0.05} inner={p.radius + 0.1} outer={p.radius + 0.22} colour={exposureColour(1)} onTop />;
        const to = pts[r.firstSeen]!;
        return <Rod renderOrder={45} key={`l${r.key}`} a={from} b={{ ...to, z: to.z + 0.6 }} radius={0.025} colour={exposureColour(2)} opacity={0.7} />;
      })}
    </group>
  );
}

/** COORD-13: the paths (and Jump or Climb landings) already picked for the other participants of a Coordinated Order, in grey, as they were drawn (from each trooper's base). */
function DrawnPaths({ snap, byKey }: { snap: OrderToolSnapshot; byKey: Map<string, Piece> }) {
  const out = [];
  for (const [id, fields] of Object.entries(snap.coord?.done ?? {})) {
    const p = byKey.get(id);
    const path = 'path' in fields && Array.isArray(fields.path) ? (fields.path as { x: number; y: number }[]) : [];
    // A Jump's or a Climb's landing: one straight line from the base to where it lands, at its height.
    const to = 'to' in fields && fields.to ? (fields.to as { x: number; y: number; z: number }) : null;
    if (!p || (path.length === 0 && !to)) continue;
    const pts = to ? [{ x: p.x, y: p.y, z: p.z + 0.12 }, { x: to.x, y: to.y, z: to.z + 0.12 }] : [{ x: p.x, y: p.y, z: p.z + 0.12 }, ...path.map((w) => ({ x: w.x, y: w.y, z: p.z + 0.12 }))];
    for (let i = 1; i < pts.length; i++) out.push(<Rod renderOrder={44} key={`${id}-${i}`} a={pts[i - 1]!} b={pts[i]!} radius={0.05} colour="#b0bec5" />);
  }
  return <group name="coord-drawn-paths">{out}</group>;
}
