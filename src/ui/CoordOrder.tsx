/**
 * COORD-13: a Coordinated Move on the table: picking its troopers (the Spearhead first) and, while the
 * Order tool draws each participant's path in turn, which one is drawn and the declaration's odds.
 * Every answer is the engine's (core/api.ts): the page judges nothing itself.
 */
import { useState, useSyncExternalStore } from 'react';
import type { PlayerId, Weapon } from '../core/model/types';
import { gameStore, useGame } from '../state/gameStore';
import { orderTool, orderingPlayer } from '../tools/pageTools';
import { coordinatedCommand, knownProfiles, orderCommand, plannedOdds, type StateView } from '../core/api';
import { UI_SKILLS } from './skills';
import { AttackForm } from './AttackForm';
import { coordTemplates, SHARED, standingStill, type SharedSkill } from './coordTemplates';
import { movementTitle } from './skills/MoveOptions';
import type { OrderToolSnapshot } from '../tools/orderTypes';

const pc = (p: number) => `${Math.round(p * 100)}%`;

function useOrderTool() {
  return useSyncExternalStore(
    (l) => orderTool.subscribe(l),
    () => orderTool.snapshot,
  );
}

/** COORD-13: the shared skill, as the header names it. */
export const coordTitle = (skill: OrderToolSnapshot['skill']) => (skill === 'bs-attack' ? 'BS Attack (templates)' : movementTitle(skill));
const what = (skill: OrderToolSnapshot['skill']) => (skill === 'bs-attack' ? 'template' : skill === 'jump' || skill === 'climb' ? 'landing' : 'path');
const doing = (skill: OrderToolSnapshot['skill']) => (skill === 'bs-attack' ? 'Aim its template (a click lays it)' : skill === 'jump' || skill === 'climb' ? 'Pick its landing' : 'Draw its path');

/**
 * COORD-13: which participant's path is drawn now, and the odds of the declaration as the engine plans
 * it with the paths drawn so far (the core's `plannedOdds`; a Move of its own makes no roll).
 */
export function CoordHeader({ members, at }: { members: string[]; at: number }) {
  const state = useGame((s) => s.state);
  const ctx = useGame((s) => s.ctx);
  const snap = useOrderTool();
  const player = orderingPlayer();
  const names = knownProfiles(state, player);
  const name = (id: string) => names[id]?.name ?? id;
  const cmd = orderTool.pending();
  const odds = cmd && player ? plannedOdds(state, ctx, player, cmd) : [];
  return (
    <div data-testid="coord-drawing">
      <p>
        <b>Coordinated {coordTitle(snap.skill)}</b> ({members.length} troopers, Spearhead {name(members[0]!)}): {what(snap.skill)} {at + 1} of {members.length}, <b data-testid="coord-current">{name(members[at]!)}</b>.
        {at < members.length - 1 ? ` ${doing(snap.skill)}, then go on to the next.` : ` The last one: ${snap.skill === 'bs-attack' ? 'aiming it' : 'declaring it'} declares the Order for all.`}
      </p>
      <p className="hint" data-testid="coord-odds">
        {odds.length === 0
          ? 'Odds: the declaration makes no roll of its own; any roll comes with the AROs against it.'
          : `Odds: ${odds.map((o) => `${o.roller}${o.target ? ` on ${o.target}` : ''} at ${o.sv}: ${pc(o.hit)}`).join('; ')}`}
      </p>
    </div>
  );
}

/**
 * COORD-3, COORD-4, COORD-8: the Spearhead's weapons for a Coordinated attack as the first skill: a direct
 * template is aimed by each participant in turn on the table; any other weapon opens the attack form,
 * every participant at the same target (a CC weapon: the Spearhead attacks, the others in contact add +1).
 */
function CoordWeapons({ player, view, members, onForm, onAim }: { player: PlayerId; view: StateView; members: string[]; onForm: (w: Weapon & { cc?: boolean }) => void; onAim: () => void }) {
  const state = useGame((s) => s.state);
  const spearhead = members[0]!;
  const profile = knownProfiles(state, player)[spearhead];
  if (!profile) return null;
  // The attack buttons the Spearhead's own Order would show (ui/skills), judged as the turn panel judges them.
  const context = { player, trooper: spearhead, profile, view, second: false };
  const buttons = [...UI_SKILLS['bs-attack'].buttons(context), ...UI_SKILLS['cc-attack'].buttons(context)];
  return (
    <div className="skill-buttons" data-testid="coord-weapons">
      {buttons.map((b) => {
        const r = gameStore.getState().preview(orderCommand(state, player, spearhead, b.judge));
        if (!r.ok && b.hides?.(r.rejection)) return null;
        const blocked = !r.ok && !b.waits?.(r.rejection);
        const a = b.act;
        const go = () => {
          if (a.kind === 'form') return onForm(a.skill === 'cc-attack' ? { ...a.weapon, cc: true } : a.weapon);
          if (a.kind !== 'aim') return;
          orderTool.send({ type: 'coord', members, skill: 'bs-attack', weapons: coordTemplates(state, player, members, a.weapon) });
          onAim();
        };
        return (
          <button key={b.key} type="button" disabled={blocked} title={!r.ok && blocked ? r.rejection.message : undefined} data-testid={`coord-${b.testId}`} onClick={go}>
            {a.kind === 'aim' ? b.label.replace('(aim on the table)', '(each aims on the table)') : b.label}
          </button>
        );
      })}
    </div>
  );
}

/**
 * COORD-4: a Coordinated Discover names one marker for all: a button per enemy marker (the Spearhead's
 * own Discover buttons), each judged by the engine with every participant declaring it.
 */
function CoordDiscover({ player, view, members, onDone }: { player: PlayerId; view: StateView; members: string[]; onDone: () => void }) {
  const state = useGame((s) => s.state);
  const profile = knownProfiles(state, player)[members[0]!];
  if (!profile) return null;
  const buttons = UI_SKILLS.discover.buttons({ player, trooper: members[0]!, profile, view, second: false });
  if (buttons.length === 0) return <p className="hint">No enemy marker to Discover.</p>;
  return (
    <div className="skill-buttons" data-testid="coord-discover">
      {buttons.map((b) => {
        const cmd = coordinatedCommand(state, player, members[0]!, Object.fromEntries(members.map((id) => [id, b.judge])));
        const r = gameStore.getState().preview(cmd);
        return (
          <button key={b.key} type="button" disabled={!r.ok} title={r.ok ? undefined : r.rejection.message} data-testid={`coord-${b.testId}`} onClick={() => gameStore.getState().dispatch(cmd).ok && onDone()}>
            {b.label}
          </button>
        );
      })}
    </div>
  );
}

/**
 * COORD-13: starting a Coordinated Order: its troopers picked in order (buttons here, or selected on the
 * table), the first being the Spearhead, the shared skill chosen once, then each path (landing, template)
 * drawn in the Order tool, or the attack form, or one button for all. Whether they may act together is the engine's answer (a dry run of the declaration with
 * every participant standing still), shown as it refuses.
 */
export function CoordPicker({ player, view, picked, setPicked, onClose }: { player: PlayerId; view: StateView; picked: string[]; setPicked: (ids: string[]) => void; onClose: () => void }) {
  const state = useGame((s) => s.state);
  // COORD-4: the shared first skill: drawn per participant on the table, declared for all at once, or an attack.
  const [skill, setSkill] = useState<SharedSkill>('move');
  const [attack, setAttack] = useState<(Weapon & { cc?: boolean }) | null>(null);
  const names = knownProfiles(state, player);
  // COORD-2: models and TO Camouflage markers may take part (a marker keeps its state, TOC-11); a
  // hidden trooper spends only its own Order (HD-3), so it is not offered.
  const markerOf = (id: string) => Object.entries(view.markers).find(([, m]) => m.trooper === id)?.[0] ?? null;
  const own = Object.entries(view.troopers)
    .filter(([, t]) => t.player === player && (t.status === 'model' || t.status === 'marker'))
    .map(([id, t]) => ({ id, group: t.group, name: names[id]?.name ?? id, marker: t.status === 'marker' ? (markerOf(id) ?? 'marker') : null }));
  const toggle = (id: string) => setPicked(picked.includes(id) ? picked.filter((p) => p !== id) : [...picked, id]);
  const cmd = picked.length > 0 ? coordinatedCommand(state, player, picked[0]!, Object.fromEntries(picked.map((id) => [id, standingStill(state, skill, id)]))) : null;
  const r = cmd && picked.length >= 2 ? gameStore.getState().preview(cmd) : null;
  if (attack && r?.ok) {
    // Declared, the Order takes over the panel: the picker closes; cancelled, back to it.
    const done = () => (gameStore.getState().state.order ? onClose() : setAttack(null));
    return <AttackForm player={player} trooper={picked[0]!} weapon={attack} view={view} coordWith={picked} onDone={done} />;
  }
  const drawn = skill === 'move' || skill === 'cautious-move' || skill === 'jump' || skill === 'climb';
  return (
    <div className="skills-panel" data-testid="coord-picker">
      <p className="hint">
        <b>Coordinated Order</b>: pick 2 to 4 troopers of one Combat Group (here or on the table), the first being the Spearhead.{' '}
        <label>
          Shared skill:{' '}
          <select data-testid="coord-skill" value={skill} onChange={(e) => setSkill(SHARED.find(([k]) => k === e.target.value)?.[0] ?? 'move')}>
            {SHARED.map(([k, label]) => (
              <option key={k} value={k}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </p>
      <div className="skill-buttons">
        {own.map((t) => {
          const k = picked.indexOf(t.id);
          return (
            <button key={t.id} type="button" aria-pressed={k >= 0} data-testid={`coord-pick-${t.id}`} onClick={() => toggle(t.id)}>
              {k >= 0 ? `${k + 1}. ` : ''}
              {t.name} ({t.marker ? `marker ${t.marker}, ` : ''}group {t.group})
            </button>
          );
        })}
      </div>
      <p data-testid="coord-picked">{picked.length ? `Spearhead: ${names[picked[0]!]?.name ?? picked[0]}${picked.length > 1 ? `; with ${picked.slice(1).map((id) => names[id]?.name ?? id).join(', ')}` : ''}` : 'None picked yet.'}</p>
      {r && !r.ok && <p className="notice error" data-testid="coord-refused">{`${r.rejection.rule ? `${r.rejection.rule}: ` : ''}${r.rejection.message}`}</p>}
      {skill === 'attack' && r?.ok && <CoordWeapons player={player} view={view} members={picked} onForm={setAttack} onAim={onClose} />}
      {skill === 'discover' && r?.ok && <CoordDiscover player={player} view={view} members={picked} onDone={onClose} />}
      <div className="row">
        {drawn && (
          <button
            type="button"
            className="primary"
            data-testid="coord-draw"
            disabled={!r || !r.ok}
            onClick={() => {
              orderTool.send({ type: 'coord', members: picked, skill });
              onClose();
            }}
          >
            {skill === 'jump' || skill === 'climb' ? 'Pick their landings' : 'Draw their paths'}
          </button>
        )}
        {(skill === 'dodge' || skill === 'idle') && (
          <button type="button" className="primary" data-testid="coord-declare" disabled={!r || !r.ok} onClick={() => cmd && gameStore.getState().dispatch(cmd).ok && onClose()}>
            Declare the Coordinated {skill === 'dodge' ? 'Dodge' : 'Idle'}
          </button>
        )}
        <button type="button" data-testid="coord-cancel" onClick={onClose}>
          Cancel
        </button>
      </div>
    </div>
  );
}
