/**
 * Setting up a Rounds game on the combat tracker (a GM): a Rounds encounter on the chosen scene,
 * with its last round, one CombatantGroup per team, and a combatant for each hero in its team's
 * group. Every hero starts off the map. Heroes added later, or changing team, are kept in their
 * team's group by the GM's client.
 */
import { ActionError } from "../../../core/actions/errors";
import { startTrack } from "../rules/position";
import { TEAMS, type Team } from "../rules/state";
import { isHero, isRoundsCombat, type Hero, type RoundsCombat } from "./state";

export interface NewGame {
  lastRound: number;
  heroes: Hero[];
  scene: Scene.Implementation | null;
}

const TEAM_IMAGES: Record<Team, string> = { skyhawks: "icons/svg/wing.svg", psiclones: "icons/svg/eye.svg" };

/** The encounter's group of a team, created if it has none. */
export async function teamGroup(combat: RoundsCombat, team: Team): Promise<CombatantGroup.Implementation> {
  const existing = combat.groups.find((g) => g.type === "team" && (g.system as { team?: string }).team === team);
  if (existing) return existing as CombatantGroup.Implementation;
  const created = await combat.createEmbeddedDocuments("CombatantGroup", [
    { type: "team", name: game.i18n!.localize(`FACTIONS.Rounds.Team.${team}`), img: TEAM_IMAGES[team], system: { team } },
  ]);
  const group = created?.[0];
  if (!group) throw new ActionError("FACTIONS.Action.Error.Unexpected");
  return group as CombatantGroup.Implementation;
}

/** Start a new game (a GM): throws a localized refusal. */
export async function startRoundsGame({ lastRound, heroes, scene }: NewGame): Promise<RoundsCombat> {
  if (!game.user?.isGM) throw new ActionError("FACTIONS.Action.Error.GMOnly");
  const track = startTrack(lastRound);
  if (!track.ok) throw new ActionError(track.reason.key, track.reason.data);
  if (!heroes.length) throw new ActionError("FACTIONS.Rounds.Reject.NoHeroes");
  // Every hero starts off the map, with nothing used.
  for (const hero of heroes) await hero.update({ system: { onMap: false, entered: 0, used: [] } } as Actor.UpdateData);
  const combat = (await Combat.implementation.create({
    type: "rounds",
    scene: scene?.id ?? null,
    active: true,
    round: 1,
    turn: null,
    system: { track: track.value, pending: [] },
  } as Combat.CreateData)) as RoundsCombat | undefined;
  if (!combat) throw new ActionError("FACTIONS.Action.Error.Unexpected");
  const groups = new Map<Team, string>();
  for (const team of TEAMS) groups.set(team, (await teamGroup(combat, team)).id!);
  await combat.createEmbeddedDocuments(
    "Combatant",
    heroes.map((h) => ({ actorId: h.id, name: h.name, img: h.img, group: groups.get(h.system.team)! }) as Combatant.CreateData),
  );
  return combat;
}

/** Put a hero's combatant in its team's group (the active GM's client). */
async function placeInTeam(combatant: Combatant.Implementation): Promise<void> {
  const combat = combatant.parent as Combat.Implementation | null;
  const actor = combatant.actor as Actor.Implementation | null;
  if (!isRoundsCombat(combat) || !isHero(actor)) return;
  const group = await teamGroup(combat, actor.system.team);
  if (combatant._source.group !== group.id) await combatant.update({ group: group.id } as Combatant.UpdateData);
}

export function registerTeamSync(): void {
  const gm = () => !!game.users?.activeGM?.isSelf;
  Hooks.on("createCombatant", (combatant) => {
    if (gm()) void placeInTeam(combatant as Combatant.Implementation);
  });
  Hooks.on("updateActor", (actor, changes) => {
    if (!gm() || !isHero(actor as Actor.Implementation) || !foundry.utils.hasProperty(changes, "system.team")) return;
    for (const combat of game.combats ?? []) {
      if (!isRoundsCombat(combat)) continue;
      for (const c of combat.combatants) if (c.actor?.uuid === actor.uuid) void placeInTeam(c as Combatant.Implementation);
    }
  });
}
