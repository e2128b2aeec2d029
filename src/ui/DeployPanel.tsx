import { useMemo, useState } from 'react';
import type { Command, DeployAs, PlayerId, TrooperProfile } from '../core/model/types';
import { gameStore, selectView, useGame } from '../state/gameStore';
import { actingPlayer } from '../state/turn';
import { useMatch } from '../state/matchStore';
import { PLAYER_COLOURS } from '../scene/palette';
import { deployModes, TURN_STEP } from '../tools/deploy';
import { deployTool } from '../tools/pageTools';
import { DieEntry } from './DieEntry';
import { facingLabel, playerLabel, SKILL_LABELS } from './labels';
import { useDeployTool, usePlacingPlayer } from './useDeployTool';
import { useTouch } from './touchMode';
import { hasSkill, knownProfiles, type TrooperView } from '../core/api';

const AS_LABELS: Record<DeployAs, string> = { model: 'Model', marker: 'TO Camouflage marker', hidden: 'Hidden Deployment' };

/** Short tags for the skills that matter when deploying. */
const TAGS: Partial<Record<TrooperProfile['skills'][number], string>> = {
  lieutenant: 'Lt',
  infiltration: 'Infiltration',
  'hidden-deployment': 'Hidden',
  'to-camouflage': 'TO Camo',
  'combat-jump': 'Combat Jump',
  'combat-jump-explosion': 'Combat Jump',
  'forward-deployment-4': 'Fwd +4"',
  'forward-deployment-8': 'Fwd +8"',
};

function tags(p: TrooperProfile): string[] {
  return [...new Set(p.skills.map((s) => TAGS[s]).filter((t): t is string => !!t))];
}

/** The engine's answer for the spot under the pointer, in words (from `apply`, never from the interface). */
function VerdictLine() {
  const verdict = useDeployTool((s) => s.verdict);
  const held = useDeployTool((s) => s.trooper);
  const touch = useTouch();
  if (!held) return null;
  if (!verdict) return <p className="verdict muted">{touch ? 'Tap the table where it should stand: its ghost shows there, green or red, before anything is placed.' : 'Move the pointer over the table.'}</p>;
  return (
    <p className={`verdict ${verdict.ok ? 'ok' : 'bad'}`} data-testid="placement-verdict" data-legal={verdict.ok ? 'true' : 'false'} data-rule={verdict.rule ?? ''}>
      {verdict.ok ? '✓ ' : verdict.rule ? `✗ ${verdict.rule}: ` : '✗ '}
      {verdict.message}
    </p>
  );
}

/** Manual dice: the Infiltration roll the player made, typed in. */
function RollEntry({ target }: { target: number | null }) {
  return (
    <DieEntry
      label={`Infiltration PH roll${target !== null ? ` (needs ${target} or less)` : ''}`}
      testId="infiltration-roll"
      button="Roll"
      autoFocus
      onRoll={(value) => deployTool.send({ type: 'roll', value })}
    />
  );
}

/** The trooper in hand: how it deploys, which way it faces, and what the engine says of the spot. */
function HeldTrooper({ profile }: { profile: TrooperProfile }) {
  const options = useDeployTool((s) => s.options);
  const facing = useDeployTool((s) => s.facing);
  const kind = useDeployTool((s) => s.kind);
  const phase = useDeployTool((s) => s.phase);
  const rollTarget = useDeployTool((s) => s.verdict?.rollTarget ?? null);
  const canPlace = useDeployTool((s) => (s.phase === 'pinned' || (s.phase === 'picking' && s.touch)) && !!s.at && !!s.verdict?.ok);
  const pinned = useDeployTool((s) => s.phase === 'pinned' || (s.phase === 'picking' && s.touch && s.at !== null));
  const touch = useTouch();
  const modes = deployModes(profile.skills);
  return (
    <div className="held" data-testid="held-trooper">
      <div className="held-head">
        <b>{kind === 'fallback' ? `Fallback: ${profile.name}` : `Placing ${profile.name}`}</b>
        {kind !== 'fallback' && (
          <button type="button" className="link" onClick={() => deployTool.send({ type: 'cancel' })} title="Put it back (Esc)">
            Put back <kbd>Esc</kbd>
          </button>
        )}
      </div>
      {kind === 'fallback' ? (
        <p className="hint">It failed its Infiltration roll: place it as a model inside your Deployment Zone, touching your table edge (HD-4).</p>
      ) : (
        <div className="held-options">
          {modes.length > 1 && (
            <div className="as-options" role="radiogroup" aria-label="Deploy as">
              {modes.map((m) => (
                <label key={m}>
                  <input type="radio" name="deploy-as" checked={options.as === m} onChange={() => deployTool.send({ type: 'options', options: { as: m } })} /> {AS_LABELS[m]}
                </label>
              ))}
            </div>
          )}
          <label>
            <input type="checkbox" checked={options.prone} onChange={(e) => deployTool.send({ type: 'options', options: { prone: e.target.checked } })} /> Prone
          </label>
          {options.as === 'hidden' && (
            <label title="Recorded privately with the hidden position (HD-1)">
              <input type="checkbox" checked={options.cover} onChange={(e) => deployTool.send({ type: 'options', options: { cover: e.target.checked } })} /> In Cover
            </label>
          )}
        </div>
      )}
      <div className="facing-row">
        <p className="hint">
          Facing {facingLabel(facing)}
          {touch ? (
            <> · turn it with these, or drag from its ghost</>
          ) : (
            <>
              {' '}
              · turn with the wheel or <kbd>Q</kbd>/<kbd>E</kbd> ({TURN_STEP}°)
            </>
          )}
        </p>
        <span className="turn-buttons" role="group" aria-label="Turn the trooper">
          <button type="button" className="small" onClick={() => deployTool.send({ type: 'turn', by: TURN_STEP })} data-testid="turn-left" title={`Turn ${TURN_STEP}° to the left (Q)`} aria-label={`Turn ${TURN_STEP}° left`}>
            ⟲
          </button>
          <button type="button" className="small" onClick={() => deployTool.send({ type: 'turn', by: -TURN_STEP })} data-testid="turn-right" title={`Turn ${TURN_STEP}° to the right (E)`} aria-label={`Turn ${TURN_STEP}° right`}>
            ⟳
          </button>
        </span>
      </div>
      <VerdictLine />
      {(pinned || touch) && phase !== 'rolling' && (
        <button type="button" className="primary place-here" disabled={!canPlace} onClick={() => deployTool.send({ type: 'place' })} data-testid="place-here">
          Place here
        </button>
      )}
      {phase === 'rolling' && <RollEntry target={rollTarget} />}
    </div>
  );
}

function statusWord(t: TrooperView): string {
  switch (t.status) {
    case 'undeployed':
      return 'to place';
    case 'reserve':
      return 'kept back';
    case 'model':
      return t.fixed ? 'placed, fixed' : 'placed';
    case 'marker':
      return t.fixed ? 'marker, fixed' : 'marker';
    case 'hidden':
      return t.fixed ? 'hidden, fixed' : 'hidden';
    case 'off-table':
      return 'airborne';
    case 'awaiting-fallback':
      return 'fallback due';
    case 'unconscious':
      return 'unconscious';
    case 'removed':
      return 'removed';
  }
}

/** End step: the trooper kept back (main step) and the engine's verdict on ending now. */
function EndStep({ player, undeployed, names }: { player: PlayerId; undeployed: TrooperProfile[]; names: Record<string, string> }) {
  const step = useGame((s) => s.state.step);
  const state = useGame((s) => s.state);
  const [keep, setKeep] = useState('');
  const [error, setError] = useState<string | null>(null);
  const keepValid = keep !== '' && undeployed.some((p) => p.id === keep);
  const cmd: Command = { do: 'endStep', player, ...(step === 'main' && keepValid ? { keep } : {}) };
  // The engine says whether the step may end now, and what ending it would do.
  const preview = gameStore.getState().preview(cmd);
  let summary: string;
  if (preview.ok) {
    const after = preview.state;
    const kept = step === 'main' ? after.reserveOf[player] : undefined;
    const airborne = Object.entries(after.troopers)
      .filter(([id, t]) => t.player === player && t.status === 'off-table' && state.troopers[id]?.status !== 'off-table')
      .map(([id]) => names[id] ?? id);
    summary =
      step === 'main'
        ? `Keeps ${kept ? names[kept] ?? kept : 'one trooper'} back (announced: 1 trooper kept back).${airborne.length ? ` Airborne, off the table: ${airborne.join(', ')}.` : ''}`
        : 'Your deployment is complete.';
  } else {
    summary = `${preview.rejection.rule ? `${preview.rejection.rule}: ` : ''}${preview.rejection.message}`;
  }
  return (
    <div className="end-step">
      {step === 'main' && (
        <label className="keep-select">
          Keep back{' '}
          <select value={keepValid ? keep : ''} onChange={(e) => setKeep(e.target.value)} data-testid="keep-back">
            <option value="">(the one left without Combat Jump)</option>
            {undeployed.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <p className={`end-summary ${preview.ok ? '' : 'bad'}`} data-testid="end-step-summary">
        {summary}
      </p>
      <button
        type="button"
        className="primary end-step-button"
        disabled={!preview.ok}
        data-testid="end-step"
        onClick={() => {
          const r = gameStore.getState().dispatch(cmd);
          setError(r.ok ? null : r.rejection.message);
          setKeep('');
        }}
      >
        End {step} step
      </button>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The deployment step of the player at the screen: their troopers still to place (from the profiles
 * they may read, never the opponent's roster), the one in hand, and ending the step.
 */
export function DeployPanel() {
  const view = useGame(selectView);
  const state = useGame((s) => s.state);
  const viewer = useGame((s) => s.viewer);
  const setup = useGame((s) => s.setup);
  const player = usePlacingPlayer();
  const held = useDeployTool((s) => s.trooper);
  const notice = useDeployTool((s) => s.notice);
  const known = useMemo(() => knownProfiles(state, viewer), [state, viewer]);
  const acting = actingPlayer(view);
  const remote = useMatch((s) => s.remote);
  const touch = useTouch();

  if (view.phase !== 'deployment') return null;
  if (!player) {
    return (
      <section className="deploy-panel" data-testid="deploy-panel">
        <p className="muted">
          {acting
            ? remote !== null
              ? `${playerLabel(setup, acting)} is deploying, on their machine: your step comes next.`
              : `${playerLabel(setup, acting)} is deploying. Switch "View as" to their side to place their troopers.`
            : ''}
        </p>
      </section>
    );
  }
  const mine = Object.values(known).filter((p) => view.troopers[p.id]?.player === player);
  const names = Object.fromEntries(mine.map((p) => [p.id, p.name]));
  const row = (p: TrooperProfile) => {
    const t = view.troopers[p.id]!;
    const placeable = view.step === 'main' ? t.status === 'undeployed' : t.status === 'reserve';
    const movable = (t.status === 'model' || t.status === 'marker' || t.status === 'hidden') && !t.fixed;
    const fallback = t.status === 'awaiting-fallback';
    const airborne = hasSkill(p, 'combat-jump');
    return (
      <li key={p.id} className={held === p.id ? 'in-hand' : undefined} data-trooper={p.id}>
        <span className="deploy-name">
          {p.name} <span className="muted">S{p.s}</span>
          {tags(p).map((tag) => (
            <span key={tag} className="tag" title={p.skills.map((s) => SKILL_LABELS[s]).join(', ')}>
              {tag}
            </span>
          ))}
          {airborne && t.status === 'undeployed' && <span className="hint-inline">may stay off the table</span>}
        </span>
        <span className={`deploy-status status-${t.status}`}>{statusWord(t)}</span>
        {(placeable || movable || fallback) && (
          <button
            type="button"
            className={held === p.id ? 'small active' : 'small'}
            onClick={() => deployTool.send({ type: 'pick', trooper: p.id })}
            data-testid={`pick-${p.id}`}
          >
            {held === p.id ? 'In hand' : placeable ? 'Place' : fallback ? 'Place at edge' : 'Move'}
          </button>
        )}
      </li>
    );
  };
  const toPlace = mine.filter((p) => ['undeployed', 'reserve', 'awaiting-fallback'].includes(view.troopers[p.id]!.status));
  const placed = mine.filter((p) => !toPlace.includes(p));
  const heldProfile = held ? known[held] : undefined;
  const undeployed = mine.filter((p) => view.troopers[p.id]!.status === 'undeployed');

  return (
    <section className="deploy-panel" data-testid="deploy-panel" style={{ borderColor: PLAYER_COLOURS[player] }}>
      <h3 style={{ color: PLAYER_COLOURS[player] }}>
        <span className="dot" style={{ background: PLAYER_COLOURS[player] }} />
        {playerLabel(setup, player)}: {view.step} step
      </h3>
      {heldProfile ? (
        <HeldTrooper profile={heldProfile} />
      ) : (
        <p className="hint">
          {touch
            ? 'Pick a trooper, then tap the table: its ghost shows the engine\'s verdict there; tap it again (or Place here) to place it. Tap one you placed to move it again.'
            : 'Pick a trooper, then click the table to place it. Click one you placed to move it again.'}
        </p>
      )}
      {notice && (
        <p className={`notice ${notice.tone}`} data-testid="deploy-notice">
          {notice.text}
        </p>
      )}
      {/* The lists scroll on their own above the step's end, which never lies over them (a Place button under it took no click). */}
      <div className="deploy-lists" data-testid="deploy-lists">
        {toPlace.length > 0 && (
          <>
            <h4>To place</h4>
            <ul className="deploy-list">{toPlace.map(row)}</ul>
          </>
        )}
        {placed.length > 0 && (
          <>
            <h4>Placed and waiting</h4>
            <ul className="deploy-list">{placed.map(row)}</ul>
          </>
        )}
      </div>
      <EndStep player={player} undeployed={undeployed} names={names} />
    </section>
  );
}
