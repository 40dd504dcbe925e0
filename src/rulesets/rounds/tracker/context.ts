/**
 * What the Rounds panel of the combat tracker shows a user: the round (of N), the active team and
 * the step, the steps of the turn, each team (a CombatantGroup) with its heroes, the wave owed at
 * Reinforce, and the interstep events waiting; with the buttons this user may press.
 */
import { localizeLine } from "../../../core/actions/errors";
import { pendingCount } from "../rules/encounter";
import { positionLine, stepsOf } from "../rules/position";
import { reinforcementList } from "../rules/reinforce";
import { STEPS, TEAMS, type HeroState, type RoundsState, type Step, type Team } from "../rules/state";
import { LIMITED_STEPS, usedIn } from "../rules/uses";
import { outcomeName } from "../rules/outcomes";
import { eventNames } from "../rules/encounter";
import { encounterOf, orderingHero, roundsState, type RoundsCombat } from "../encounter/state";
import { worldDocument } from "../../../core/documents/uuid";

const T = "FACTIONS.Rounds.Tracker.";
const i18n = () => game.i18n!;
const loc = (key: string) => i18n().localize(key);

export interface HeroRow {
  uuid: string;
  combatantId: string;
  name: string;
  img: string;
  onMap: boolean;
  note: string;
}

export interface TeamView {
  team: Team;
  groupId: string;
  name: string;
  acting: boolean;
  roleText: string;
  countText: string;
  heroes: HeroRow[];
}

export interface TrackerContext {
  position: string;
  over: boolean;
  steps: { id: Step; label: string; current: boolean; done: boolean }[];
  teams: TeamView[];
  /** Each hero off the map, with why this user has no button to bring it in (empty when it has one). */
  wave: { text: string; candidates: { uuid: string; name: string; canBring: boolean; why: string }[] } | null;
  /** Each group says who puts it in order (`who`); `orderText` what the first waits for. */
  events: { groups: { text: string; who: string; ordered: boolean; events: string[] }[]; canOrder: boolean; orderText: string; canResolve: boolean } | null;
  isGM: boolean;
}

/** Does the team act in this step (the active team except at Reaction, the inactive one at Reaction and Melee)? */
export function teamActs(state: RoundsState, team: Team): boolean {
  const { team: active, step, over } = state.track;
  if (over) return false;
  if (step === "melee") return true;
  return step === "reaction" ? team !== active : team === active;
}

/** "On the map · used: Shoot", "Off the map". */
export function heroNote(state: RoundsState, hero: HeroState): string {
  // What attacks did to it (Wounded, Defeated…), as the GM applied them.
  const outcomes = (hero.system.outcomes ?? []).map((o) => (outcomeName(o) === o ? o : loc(outcomeName(o)))).join(", ");
  if (!hero.system.onMap) return [loc(`${T}OffMap`), outcomes].filter(Boolean).join(" · ");
  const used = LIMITED_STEPS.includes(state.track.step) ? usedIn(hero, state.track) : [];
  const parts = [loc(`${T}OnMap`)];
  if (outcomes) parts.push(outcomes);
  if (used.length) parts.push(i18n().format(`${T}Used`, { acts: used.map((a) => loc(`FACTIONS.Rounds.Act.${a}`)).join(", ") }));
  return parts.join(" · ");
}

/**
 * Why a hero off the map has no Bring in button for a player who does not own it: whose it is to
 * bring in (its players by name, or the GM when no player owns it). The wave is listed to players
 * only while it is owed, and a GM may bring in any hero.
 */
export function whyNoBringIn(actor: Actor.Implementation | null): string {
  const players = (game.users?.contents ?? []).filter((u) => !u.isGM && !!actor?.testUserPermission(u, "OWNER")).map((u) => u.name);
  return players.length ? i18n().format(`${T}BringsIn`, { players: players.join(", ") }) : loc(`${T}GMBringsIn`);
}

export function trackerContext(combat: RoundsCombat, user: User.Implementation): TrackerContext {
  const state = roundsState(combat);
  const track = state.track;
  const steps = stepsOf(track.round);
  const current = STEPS.indexOf(track.step);
  const combatantOf = new Map(combat.combatants.map((c) => [c.actor?.uuid ?? "", c.id ?? ""]));
  const teams = TEAMS.map((team): TeamView => {
    const group = combat.groups.find((g) => g.type === "team" && (g.system as { team?: string }).team === team);
    const heroes = Object.values(state.heroes).filter((h) => h.system.team === team);
    const onMap = heroes.filter((h) => h.system.onMap).length;
    const acting = teamActs(state, team);
    return {
      team,
      groupId: group?.id ?? "",
      name: group?.name || loc(`FACTIONS.Rounds.Team.${team}`),
      acting,
      roleText: loc(`${T}${team === track.team ? "Active" : "Inactive"}`) + (acting ? ` · ${loc(`${T}Acting`)}` : ""),
      countText: i18n().format(`${T}Count`, { onMap: String(onMap), offMap: String(heroes.length - onMap) }),
      heroes: heroes.map((h) => {
        const actor = worldDocument(h.id) as Actor.Implementation | null;
        return { uuid: h.id, combatantId: combatantOf.get(h.id) ?? "", name: h.name, img: actor?.img ?? "icons/svg/mystery-man.svg", onMap: h.system.onMap, note: heroNote(state, h) };
      }),
    };
  });

  const reinforcement = reinforcementList(state);
  const wave =
    reinforcement.open && (reinforcement.wave.owed > 0 || user.isGM)
      ? {
          text: i18n().format(`${T}Wave`, {
            team: loc(`FACTIONS.Rounds.Team.${reinforcement.team}`),
            owed: String(reinforcement.wave.owed),
            size: String(reinforcement.wave.size),
          }),
          candidates: reinforcement.candidates.map((uuid) => {
            const actor = worldDocument(uuid) as Actor.Implementation | null;
            const canBring = !!actor?.testUserPermission(user, "OWNER") && (reinforcement.wave.owed > 0 || user.isGM);
            return { uuid, name: state.heroes[uuid]?.name ?? "", canBring, why: canBring ? "" : whyNoBringIn(actor) };
          }),
        }
      : null;

  const pending = encounterOf(combat).pending;
  const events = pendingCount(pending)
    ? {
        groups: pending.map((g) => ({
          text: i18n().format(`${T}EventGroup`, {
            edge: loc(`FACTIONS.Rounds.Edge.${g.edge}`),
            step: loc(`FACTIONS.Rounds.Step.${g.at.step}`),
            team: loc(`FACTIONS.Rounds.Team.${g.team}`),
          }),
          // Who puts them in order: the team active in their step (any of its players), or the GM.
          who: i18n().format(`${T}${g.ordered ? "OrderedBy" : "OrderBy"}`, { team: loc(`FACTIONS.Rounds.Team.${g.team}`) }),
          ordered: g.ordered,
          events: g.events.map((e) => eventNames(state, [e])),
        })),
        canOrder: !pending[0]!.ordered && (!!orderingHero(combat, user) || user.isGM),
        orderText: i18n().format(`${T}Waiting`, { team: loc(`FACTIONS.Rounds.Team.${pending[0]!.team}`) }),
        canResolve: user.isGM && pending[0]!.ordered,
      }
    : null;

  return {
    position: localizeLine(positionLine(track)),
    over: track.over,
    steps: steps.map((id) => ({ id, label: loc(`FACTIONS.Rounds.Step.${id}`), current: !track.over && id === track.step, done: track.over || STEPS.indexOf(id) < current })),
    teams,
    wave,
    events,
    isGM: user.isGM,
  };
}
