/**
 * A Rounds game's teams on the combat tracker: one CombatantGroup per team, and each hero's
 * combatant in its team's group, kept so by the GM's client when heroes are added or change team.
 * Starting a game is ./new-game.ts.
 */
import { ActionError } from "../../../core/actions/errors";
import type { Team } from "../rules/state";
import { isHero, isRoundsCombat, type RoundsCombat } from "./state";

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
