/**
 * Starting a Rounds game on the combat tracker (a GM): a Rounds encounter on the chosen scene, with
 * its last round, one CombatantGroup per team, and a combatant for each hero in its team's group,
 * in the order the heroes were given (each its initiative: Foundry breaks a tie by combatant id, a
 * random one). Every hero starts off the map. An encounter tied to a scene shows only to who views
 * that scene: the GM's canvas goes to it, and an active encounter of no scene, which would show
 * first, is made inactive. Loaded with the GM's first New Rounds game.
 */
import { ActionError } from "../../../core/actions/errors";
import { startTrack } from "../rules/position";
import { TEAMS, type Team } from "../rules/state";
import { teamGroup } from "./setup";
import type { Hero, RoundsCombat } from "./state";

export interface NewGame {
  lastRound: number;
  heroes: Hero[];
  scene: Scene.Implementation | null;
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
    heroes.map((h, i) => ({ actorId: h.id, name: h.name, img: h.img, group: groups.get(h.system.team)!, initiative: heroes.length - i }) as Combatant.CreateData),
  );
  if (scene && canvas?.scene?.id !== scene.id) await scene.view();
  // The game is the encounter the tracker shows: an active encounter of no scene would show before it.
  for (const other of game.combats?.filter((c) => c !== combat && c.active && !c.scene) ?? []) await other.update({ active: false } as Combat.UpdateData);
  return combat;
}
