/**
 * The mission on the side panel (docs/rules/missions.md, MIS-20): the score bar (Objective Points per
 * side, the zones as last counted, Loss of Lieutenant and Retreat!), naming a new Lieutenant when the
 * rules owe one (MIS-17), and at the end the summary in its own dialog (the winner, points by scoring
 * rule, each trooper's Wounds in words). Every figure is the engine's, from the viewer's view.
 */
import { useRef, useState } from 'react';
import type { PlayerId, Setup } from '../core/model/types';
import { knownProfiles, type StateView } from '../core/api';
import { gameStore, useGame } from '../state/gameStore';
import { PLAYER_COLOURS } from '../scene/palette';
import { objectiveLabel, playerLabel } from './labels';
import { useModal } from './modal';

const SIDES: PlayerId[] = ['A', 'B'];
/** The summary's figures under their side's name. */
const CENTRED = { textAlign: 'center' } as const;

/** A trooper's state at the end, in plain words (MIS-20): "2 of 2 Wounds left", "Unconscious: not standing", "Dead". */
export function woundsInWords(status: string, wounds: number, w: number, unconsciousStands: boolean): string {
  if (status === 'removed') return 'Dead';
  if (status === 'unconscious') return unconsciousStands ? 'Unconscious (counts as standing)' : 'Unconscious: not standing';
  if (status === 'hidden' || status === 'off-table') return `${wounds} of ${w} ${w === 1 ? 'Wound' : 'Wounds'} left, never seen`;
  return `${wounds} of ${w} ${w === 1 ? 'Wound' : 'Wounds'} left`;
}

function ScoreBar({ view, setup }: { view: StateView; setup: Setup }) {
  const score = view.score!;
  const m = setup.mission!;
  const zones = Object.entries(score.zones);
  return (
    <section className="card mission-bar" data-testid="score-bar" aria-label="Mission score">
      <h3>
        {m.name}: {view.phase === 'game' || view.phase === 'end' ? `round ${view.round}` : 'before Round 1'}
      </h3>
      {/* One line a side, never broken inside "0 / 10 OP": the panel is narrow and the bar must stay short. */}
      {SIDES.map((p) => (
        <p key={p} style={{ color: PLAYER_COLOURS[p], margin: '0.1em 0' }} data-testid={`score-${p}`}>
          {playerLabel(setup, p)} <b style={{ whiteSpace: 'nowrap' }}>{score.points[p]} / {m.maxPoints} OP</b>
          {score.lossOfLieutenant[p] ? ' · Loss of Lieutenant' : ''}
          {score.retreat[p] ? ' · Retreat!' : ''}
        </p>
      ))}
      {zones.length > 0 && (
        <p className="muted" data-testid="score-zones">
          {/* Zones are counted only at the scoring moments (MIS-6, MIS-11): said, so a trooper standing in one is not taken for holding it. */}
          At the last count: {zones.map(([id, z]) => `${m.zones.find((x) => x.id === id)?.name ?? id}: ${z.dominatedBy ? `held by ${playerLabel(setup, z.dominatedBy)}` : 'held by nobody'} (${z.A} to ${z.B})`).join('; ')}
        </p>
      )}
      {Object.keys(score.activated).length > 0 && (
        <p className="muted" data-testid="score-objectives">
          {Object.entries(score.activated)
            .map(([id, sides]) => `${objectiveLabel(id)}: ${sides.length === 0 ? 'not activated' : `activated by ${sides.map((p) => playerLabel(setup, p)).join(' and ')}`}`)
            .join('; ')}
        </p>
      )}
    </section>
  );
}

/** MIS-17: the player in Loss of Lieutenant names a new one before ending the turn; nobody else sees whom. */
function NameLieutenant({ view, player }: { view: StateView; player: PlayerId }) {
  const state = useGame((s) => s.state);
  const profiles = knownProfiles(state, player);
  const candidates = Object.entries(view.troopers).filter(([id, t]) => t.player === player && ['model', 'marker', 'hidden'].includes(t.status) && profiles[id]?.orders === 'regular');
  const [pick, setPick] = useState('');
  // No trooper is offered by default: the new Lieutenant is a choice made on purpose (a first click on
  // the button named whoever came first in the list, a 10-point Doctor in the whole-game trial).
  const chosen = candidates.some(([id]) => id === pick) ? pick : '';
  if (candidates.length === 0) return null;
  return (
    <section className="card" data-testid="name-lieutenant">
      <h3>Your Lieutenant is down</h3>
      <p className="muted">Name a new Lieutenant before ending the turn. The other player is not told whom.</p>
      <select value={chosen} onChange={(e) => setPick(e.target.value)} style={{ maxWidth: '100%' }} data-testid="name-lieutenant-pick" aria-label="New Lieutenant">
        <option value="" disabled>
          Choose a trooper…
        </option>
        {candidates.map(([id]) => (
          <option key={id} value={id}>
            {profiles[id]?.name ?? id}
          </option>
        ))}
      </select>
      <button type="button" className="primary" data-testid="name-lieutenant-go" disabled={chosen === ''} onClick={() => gameStore.getState().dispatch({ do: 'nameLieutenant', player, trooper: chosen })}>
        Name Lieutenant
      </button>
    </section>
  );
}

/** MIS-12: the player chooses a classified objective, in secret, before its first Order of the game. */
function ChooseClassified({ setup, player }: { setup: Setup; player: PlayerId }) {
  const deck = setup.mission!.classified!;
  const [pick, setPick] = useState(deck[0]!.id);
  return (
    <section className="card" data-testid="choose-classified">
      <h3>Your classified objective</h3>
      <p className="muted">Choose one before your first Order. The other player learns it only if you achieve it.</p>
      <select value={pick} onChange={(e) => setPick(e.target.value)} style={{ maxWidth: '100%' }} data-testid="classified-pick" aria-label="Classified objective">
        {deck.map((c) => (
          <option key={c.id} value={c.id}>
            {c.label} ({c.points} OP)
          </option>
        ))}
      </select>
      <button type="button" className="primary" data-testid="classified-go" onClick={() => gameStore.getState().dispatch({ do: 'classified', player, objective: pick })}>
        Keep it
      </button>
    </section>
  );
}

/** The end of a mission game in its own dialog (MIS-10, MIS-20). */
function Summary({ view, setup, onClose }: { view: StateView; setup: Setup; onClose: () => void }) {
  const root = useRef<HTMLDivElement>(null);
  useModal(root, true, { initial: '[data-testid="summary-close"]' });
  const state = useGame((s) => s.state);
  const viewer = useGame((s) => s.viewer);
  const names = knownProfiles(state, viewer);
  const score = view.score!;
  const r = score.result!;
  const m = setup.mission!;
  const why = r.decidedBy === 'objective-points' ? 'on Objective Points' : r.decidedBy === 'victory-points' ? 'on Victory Points (the Objective Points were level)' : '';
  return (
    <div className="modal-backdrop">
      <div className="modal mission-summary" role="dialog" aria-modal="true" aria-labelledby="summary-title" data-testid="mission-summary" ref={root}>
        <h2 id="summary-title">{r.winner ? `${playerLabel(setup, r.winner)} wins ${why}` : 'A draw'}</h2>
        <table data-testid="summary-points">
          <thead>
            <tr>
              <th scope="col">{m.name}</th>
              {SIDES.map((p) => (
                <th key={p} scope="col">
                  {playerLabel(setup, p)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {m.scoring.map((rule) => (
              <tr key={rule.id}>
                <th scope="row">{rule.label}</th>
                {SIDES.map((p) => (
                  <td key={p} style={CENTRED}>
                    {score.byRule[rule.id]?.[p] ?? 0}
                  </td>
                ))}
              </tr>
            ))}
            {score.byRule.classified && (
              <tr>
                <th scope="row">Classified objective</th>
                {SIDES.map((p) => (
                  <td key={p} style={CENTRED}>
                    {score.byRule.classified![p]}
                  </td>
                ))}
              </tr>
            )}
            <tr>
              <th scope="row">Objective Points</th>
              {SIDES.map((p) => (
                <td key={p} style={CENTRED} data-testid={`summary-op-${p}`}>
                  {r.points[p]}
                </td>
              ))}
            </tr>
            <tr>
              <th scope="row">Victory Points (surviving troopers&apos; points)</th>
              {SIDES.map((p) => (
                <td key={p} style={CENTRED}>
                  {r.victoryPoints[p]}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
        {SIDES.map((p) => (
          <div key={p} data-testid={`summary-troopers-${p}`}>
            <h3 style={{ color: PLAYER_COLOURS[p] }}>{playerLabel(setup, p)}</h3>
            <ul>
              {Object.entries(view.troopers)
                .filter(([, t]) => t.player === p)
                .map(([id, t]) => (
                  <li key={id}>
                    {names[id]?.name ?? id}: {woundsInWords(t.status, t.wounds, names[id]?.w ?? t.wounds, m.unconsciousStands)}
                  </li>
                ))}
            </ul>
          </div>
        ))}
        <div className="modal-actions">
          <button type="button" className="primary" onClick={onClose} data-testid="summary-close">
            Close
          </button>
        </div>
      </div>
    </div>
  );
}

export function MissionPanel({ view }: { view: StateView }) {
  const setup = useGame((s) => s.setup);
  const viewer = useGame((s) => s.viewer);
  const [closed, setClosed] = useState(false);
  if (!view.score || !setup.mission) return null;
  const owed = view.score.lieutenantOwed;
  const mayName = owed !== null && (viewer === null || viewer === owed) && view.active === owed && !view.order;
  const chooser = view.active && (viewer === null || viewer === view.active) ? view.active : null;
  // MIS-12: offered while the engine would take it (before the player's first Order: the view counts
  // no Orders given, so the engine's dry run says), not until the round ends.
  const mayChoose =
    !!setup.mission.classified &&
    chooser !== null &&
    view.phase === 'game' &&
    view.round === 1 &&
    !view.order &&
    !view.score.classified?.[chooser] &&
    gameStore.getState().preview({ do: 'classified', player: chooser, objective: setup.mission.classified[0]!.id }).ok;
  return (
    <>
      {/* What the rules ask of the player now comes first: below the score bar it was out of sight. */}
      {mayName && <NameLieutenant view={view} player={owed} />}
      {mayChoose && <ChooseClassified setup={setup} player={chooser} />}
      <ScoreBar view={view} setup={setup} />
      {view.phase === 'end' && view.score.result && !closed && <Summary view={view} setup={setup} onClose={() => setClosed(true)} />}
    </>
  );
}
