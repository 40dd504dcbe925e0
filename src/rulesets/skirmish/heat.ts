/**
 * Heat past a vehicle's threshold shows on its token as the Overheated status, kept in step by
 * the active GM's client whenever a vehicle's heat or threshold changes (a push, the sheet, an
 * undo). The seed gives heat no ceiling and no consequence: this is a warning only.
 */
import { warn } from "../../core/actions/errors";
import { isVehicle } from "./data/state";
import { OVERHEATED } from "./effects";

export async function syncOverheated(actor: Actor.Implementation): Promise<void> {
  if (!isVehicle(actor) || !game.users?.activeGM?.isSelf) return;
  const hot = actor.system.overheated;
  if (hot === actor.statuses.has(OVERHEATED)) return;
  await actor.toggleStatusEffect(OVERHEATED, { active: hot });
}

export function registerHeatWarning(): void {
  const sync = (actor: Actor.Implementation) => void syncOverheated(actor).catch(warn);
  Hooks.on("createActor", (actor) => sync(actor as Actor.Implementation));
  Hooks.on("updateActor", (actor, changed) => {
    const system = (changed as { system?: Record<string, unknown> }).system;
    if (system && ("heat" in system || "heatThreshold" in system)) sync(actor as Actor.Implementation);
  });
}
