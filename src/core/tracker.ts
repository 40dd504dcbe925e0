/**
 * The combat tracker's add-ons work from the encounter the tracker shows (`CombatTracker#viewed`),
 * which need not be the active one (`game.combat`): a GM may view another encounter of the scene,
 * and a popped-out tracker is a view of its own. dnd5e 5.1 and Draw Steel read `viewed` likewise.
 */

/** Add to every render of a combat tracker, given the encounter it shows. */
export function onTrackerRender(add: (root: HTMLElement, combat: Combat.Implementation | null) => unknown): void {
  Hooks.on("renderCombatTracker", (app, html) => add(html as HTMLElement, app.viewed ?? null));
}

/** Redraw the sidebar tracker when the encounter it shows holds this actor. */
export function redrawTrackerOf(actor: Actor.Implementation): void {
  const viewed = ui.combat?.viewed;
  if (viewed?.combatants.some((c) => c.actorId === actor.id)) void ui.combat?.render();
}
