import { useState } from 'react';
import type { PlayerId } from '../core/model/types';
import { gameStore, selectLog, selectView, useGame } from '../state/gameStore';
import { isPublicScreen, matchStore, useMatch } from '../state/matchStore';
import { openChoices } from '../state/turn';
import { PLAYER_COLOURS } from '../scene/palette';
import { DiceTray } from '../scene/DiceTray';
import { DieProblem, dieValue } from './DieEntry';
import { initiativeOdds, lastInitiative, lieutenantWips, percent, type RollShown } from './initiative';
import { playerLabel, possessive } from './labels';
import { speakerOf } from '../core/api';

const PLAYERS: PlayerId[] = ['A', 'B'];

const OUTCOME: Record<RollShown['result'], string> = { critical: 'critical!', success: 'success', failure: 'failure' };

/** A die's result, its target and its outcome, written beside it (TOOL-6). */
function DieCaption({ player, roll, name }: { player: PlayerId; roll: RollShown; name: string }) {
  return (
    <div className={`die-caption side-${player}`} data-testid={`die-caption-${player}`} style={{ borderColor: PLAYER_COLOURS[player] }}>
      <span className="die-who" title={name}>
        {name}
      </span>
      <span className="die-value">{roll.roll}</span>
      <span className="die-target">against WIP {roll.target}</span>
      <span className={`die-outcome outcome-${roll.result}`}>{OUTCOME[roll.result]}</span>
    </div>
  );
}

function useSend() {
  const [error, setError] = useState<string | null>(null);
  const send = (c: Parameters<ReturnType<typeof gameStore.getState>['dispatch']>[0]) => {
    const r = gameStore.getState().dispatch(c);
    setError(r.ok ? null : r.rejection.message);
  };
  return { error, send };
}

/** Manual dice: each player types the d20 they rolled. */
function ManualRolls({ names, onRoll }: { names: Record<PlayerId, string>; onRoll: (a: number, b: number) => void }) {
  const [a, setA] = useState('');
  const [b, setB] = useState('');
  const ok = (v: string) => dieValue(v) !== null;
  return (
    <form
      className="manual-rolls"
      onSubmit={(e) => {
        e.preventDefault();
        if (ok(a) && ok(b)) onRoll(Number(a), Number(b));
      }}
    >
      {PLAYERS.map((p) => (
        <label key={p}>
          <span>{possessive(names[p])} d20</span>
          <input type="number" min={1} max={20} value={p === 'A' ? a : b} onChange={(e) => (p === 'A' ? setA : setB)(e.target.value)} data-testid={`manual-roll-${p}`} />
          <DieProblem text={p === 'A' ? a : b} testId={`manual-roll-${p}-problem`} />
        </label>
      ))}
      <button type="submit" className="primary" disabled={!ok(a) || !ok(b)}>
        Enter the rolls
      </button>
    </form>
  );
}

/**
 * The initiative roll and the choices after it (INI-1 to INI-6): both Lieutenants' WIP, the chances,
 * the dice thrown on screen with their results, the winner's keep, then the keepers' choices.
 */
export function InitiativePanel() {
  const view = useGame(selectView);
  const setup = useGame((s) => s.setup);
  const log = useGame(selectLog);
  const manual = useGame((s) => s.state.dice.mode === 'manual');
  const mode = useMatch((s) => s.mode);
  const seat = useMatch((s) => s.seat);
  const gameSeq = useMatch((s) => s.gameSeq);
  const publicScreen = useMatch(isPublicScreen);
  const remote = useMatch((s) => s.remote);
  const { error, send } = useSend();
  const [first, setFirst] = useState<PlayerId | null>(null);
  const [zone, setZone] = useState<string | null>(null);
  const [turnFirst, setTurnFirst] = useState<PlayerId | null>(null);

  if (view.phase !== 'initiative' && view.phase !== 'choices') return null;
  const names = { A: playerLabel(setup, 'A'), B: playerLabel(setup, 'B') };
  const wips = lieutenantWips(setup);
  const odds = initiativeOdds(wips);
  const rolls = lastInitiative(log);
  const last = rolls?.attempts.at(-1);
  const ini = view.initiative;
  /** In hotseat only the player at the screen gives their own commands. */
  // Two machines: the keepers answer one after the other, the winner first (core/acting.ts), each on their own machine.
  const turnOf = remote !== null ? speakerOf(view) : null;
  const mine = (p: PlayerId) => (mode !== 'hotseat' || seat === p) && (turnOf === null || view.phase !== 'choices' || turnOf === p);
  const mineOpen = remote !== null ? openChoices(view, remote) : null;
  const waitsForOther = mineOpen !== null && turnOf !== null && turnOf !== remote && (mineOpen.deployment || mineOpen.turnOrder);
  const open = openChoices(view, mode === 'hotseat' ? seat : null);
  const zones = Object.keys(setup.zones.deployment);

  const outcome = rolls
    ? rolls.winner
      ? `${names[rolls.winner]} wins the initiative`
      : 'A tie, or both failed: roll again (INI-2)'
    : null;

  return (
    <section className="initiative-panel" data-testid="initiative-panel" aria-label="Initiative">
      <header className="ini-head">
        <h2>{view.phase === 'choices' ? 'The keepers choose' : 'Initiative roll'}</h2>
        <span className="muted">{manual ? 'Dice entered by hand' : remote !== null ? 'Random dice, made of both machines\' values' : 'Random dice, rolled by the table'}</span>
      </header>
      {view.phase === 'initiative' && (
        <>
          <div className="ini-sides">
            {PLAYERS.map((p) => (
              <div key={p} className="ini-side" style={{ borderColor: PLAYER_COLOURS[p] }} data-testid={`ini-side-${p}`}>
                <span className="ini-name" title={names[p]}>
                  <span className="dot" style={{ background: PLAYER_COLOURS[p] }} />
                  <span className="ini-name-text">{names[p]}</span>
                </span>
                <span className="ini-wip">
                  Lieutenant WIP <b>{wips[p]}</b>
                </span>
                <span className="muted">wins in the end {percent(odds.final[p])}</span>
              </div>
            ))}
          </div>
          <p className="ini-odds" data-testid="initiative-odds">
            This roll: {names.A} {percent(odds.once.a)} · {names.B} {percent(odds.once.b)} · roll again {percent(odds.once.none)}
          </p>
        </>
      )}

      {view.phase === 'initiative' && rolls && last && (
        <div className="ini-dice">
          <DieCaption player="A" roll={last.A} name={names.A} />
          <DiceTray
            throwKey={`${gameSeq}:${rolls.index}`}
            dice={[
              { value: last.A.roll, colour: PLAYER_COLOURS.A },
              { value: last.B.roll, colour: PLAYER_COLOURS.B },
            ]}
          />
          <DieCaption player="B" roll={last.B} name={names.B} />
        </div>
      )}
      {rolls && rolls.attempts.length > 1 && (
        <p className="muted ini-earlier">
          Rolled again after {rolls.attempts.slice(0, -1).map((a) => `${a.A.roll}–${a.B.roll}`).join(', ')} (no winner).
        </p>
      )}
      {outcome && (
        <p className="ini-outcome" data-testid="initiative-outcome" style={rolls?.winner ? { color: PLAYER_COLOURS[rolls.winner] } : undefined}>
          {outcome}
          {view.phase === 'choices' && last ? (
            <span className="ini-score">
              {' '}
              (rolled {last.A.roll} against {last.A.target}, {last.B.roll} against {last.B.target})
            </span>
          ) : null}
        </p>
      )}

      {view.phase === 'initiative' && ini.winner === null && (
        <div className="ini-actions">
          {remote !== null && remote !== 'A' ? (
            <p className="muted" data-testid="initiative-waits">{names.A}'s machine rolls the initiative, with dice from both machines.</p>
          ) : manual ? (
            <ManualRolls names={names} onRoll={(a, b) => send({ do: 'initiative', rolls: { A: a, B: b } })} />
          ) : (
            <button type="button" className="primary big" onClick={() => send({ do: 'initiative' })}>
              {rolls ? 'Roll again' : 'Roll initiative'}
            </button>
          )}
        </div>
      )}

      {view.phase === 'initiative' && ini.winner !== null && (
        <div className="ini-actions">
          {publicScreen ? (
            <>
              <p className="ini-question">{names[ini.winner]} keeps Deployment or Initiative: hand the screen to Player {ini.winner}.</p>
              <button type="button" className="primary big" onClick={() => matchStore.getState().passTo(ini.winner!)} data-testid="pass-to-winner">
                Pass the screen to Player {ini.winner}
              </button>
            </>
          ) : mine(ini.winner) ? (
            <>
              <p className="ini-question">{names[ini.winner]}, what do you keep? The other choice goes to your opponent (INI-3).</p>
              <div className="choice-buttons">
                <button type="button" className="primary" onClick={() => send({ do: 'keep', player: ini.winner!, choice: 'deployment' })}>
                  Keep Deployment
                  <small>choose who deploys first, and your zone</small>
                </button>
                <button type="button" className="primary" onClick={() => send({ do: 'keep', player: ini.winner!, choice: 'initiative' })}>
                  Keep Initiative
                  <small>choose who takes the first turn of every round</small>
                </button>
              </div>
            </>
          ) : (
            <p className="muted">Waiting for {names[ini.winner]} to choose.</p>
          )}
        </div>
      )}

      {view.phase === 'choices' && (
        <div className="ini-actions">
          <p className="ini-kept">
            {names[ini.deploymentKeeper!]} keeps Deployment · {names[ini.initiativeKeeper!]} keeps Initiative
          </p>
          {ini.firstDeployer !== null && (
            <p className="ini-done">
              {names[ini.deploymentKeeper!]} takes the {ini.zones?.[ini.deploymentKeeper!]} zone; {names[ini.firstDeployer]} deploys first.
            </p>
          )}
          {ini.firstTurn !== null && <p className="ini-done">{names[ini.firstTurn]} takes the first turn of every round.</p>}
          {waitsForOther && (
            <p className="muted" data-testid="choice-waits">
              {names[turnOf!]} chooses first, on their machine; then your choice.
            </p>
          )}
          <div className="choice-forms">
            {open.deployment && mine(ini.deploymentKeeper!) && (
              <form
                className="choice-form"
                data-testid="deployment-choice"
                onSubmit={(e) => {
                  e.preventDefault();
                  if (first && zone) send({ do: 'deploymentChoice', player: ini.deploymentKeeper!, first, keeperZone: zone });
                }}
              >
                <p className="ini-question">{names[ini.deploymentKeeper!]}: who deploys first, and which zone is yours (INI-5)?</p>
                <fieldset>
                  <legend>Deploys first</legend>
                  {PLAYERS.map((p) => (
                    <label key={p}>
                      <input type="radio" name="first" checked={first === p} onChange={() => setFirst(p)} /> {names[p]}
                    </label>
                  ))}
                </fieldset>
                <fieldset>
                  <legend>Your zone</legend>
                  {zones.map((z) => {
                    const r = setup.zones.deployment[z]!;
                    return (
                      <label key={z}>
                        <input type="radio" name="zone" checked={zone === z} onChange={() => setZone(z)} /> {z}{' '}
                        <span className="muted">{r.w >= setup.table.width ? `(y ${r.y}–${r.y + r.d}")` : `(x ${r.x}–${r.x + r.w}")`}</span>
                      </label>
                    );
                  })}
                </fieldset>
                <button type="submit" className="primary" disabled={!first || !zone}>
                  Confirm deployment choice
                </button>
              </form>
            )}
            {open.turnOrder && mine(ini.initiativeKeeper!) && (
              <form
                className="choice-form"
                data-testid="turn-order-choice"
                onSubmit={(e) => {
                  e.preventDefault();
                  if (turnFirst) send({ do: 'turnOrder', player: ini.initiativeKeeper!, first: turnFirst });
                }}
              >
                <p className="ini-question">{names[ini.initiativeKeeper!]}: who takes the first turn of every round (INI-4)?</p>
                <fieldset>
                  <legend>First turn</legend>
                  {PLAYERS.map((p) => (
                    <label key={p}>
                      <input type="radio" name="turn" checked={turnFirst === p} onChange={() => setTurnFirst(p)} /> {names[p]}
                    </label>
                  ))}
                </fieldset>
                <button type="submit" className="primary" disabled={!turnFirst}>
                  Confirm turn order
                </button>
              </form>
            )}
          </div>
        </div>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
