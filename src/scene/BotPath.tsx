import { useEffect, useMemo, useState } from 'react';
import { useThree } from '@react-three/fiber';
import { selectView, useGame } from '../state/gameStore';
import { useMatch } from '../state/matchStore';
import type { Piece } from '../state/pieces';
import { nextTrail, type BotTrail } from './botTrail';
import { FlatRing, Rod } from './overlayParts';
import { PLAYER_COLOURS } from './palette';

const LIFT = 0.12;

/**
 * Solo against the table: the path of the table's Order drawn on the mat while it plays (and, fainter,
 * after it ended, until the person's own Order or turn), from the windows the person's view showed
 * (botTrail.ts): each leg a line in the table's colour, each waypoint a small ring, the end a larger one.
 */
export function BotPath({ pieces }: { pieces: Piece[] }) {
  const bot = useMatch((s) => s.bot);
  const gameSeq = useMatch((s) => s.gameSeq);
  const view = useGame(selectView);
  const invalidate = useThree((s) => s.invalidate);
  const [trail, setTrail] = useState<BotTrail | null>(null);
  useEffect(() => setTrail(null), [gameSeq]);
  useEffect(() => setTrail((prev) => nextTrail(prev, view, bot)), [view, bot]);
  useEffect(() => invalidate(), [trail, invalidate]);
  const z = useMemo(() => {
    const piece = trail ? pieces.find((p) => p.key === trail.trooper) : undefined;
    return (piece?.z ?? 0) + LIFT;
  }, [pieces, trail]);
  if (!trail || bot === null || trail.legs.length === 0) return null;
  const colour = PLAYER_COLOURS[bot];
  const opacity = trail.live ? 0.95 : 0.45;
  return (
    <group name="bot-path">
      {trail.legs.map((leg, k) => (
        <group key={k}>
          {leg.slice(1).map((b, i) => (
            <Rod key={`s${i}`} a={{ ...leg[i]!, z }} b={{ ...b, z }} radius={0.07} colour={colour} opacity={opacity} renderOrder={42} />
          ))}
          {leg.map((p, i) => (
            <FlatRing key={`p${i}`} x={p.x} y={p.y} z={z} inner={0.08} outer={i === leg.length - 1 ? 0.28 : 0.16} colour={colour} opacity={opacity} onTop renderOrder={43} />
          ))}
        </group>
      ))}
    </group>
  );
}
