/**
 * A hero's token dragged on the map during a Rounds game is the hero's Move: the drag is held
 * back and the Move act taken with the square it was dropped on, so the token goes there only
 * when the GM's client applies the card (and comes back when it is undone), and a refused move
 * changes nothing. Where the hero may not move, a player's drag is refused with the reason; a
 * GM's goes through as the GM's own arranging of the map, spending nothing (the Move button's
 * override is the GM's way to spend it anyway). Moves made otherwise (by code, an undo, another
 * act's card) are not the hero's and pass.
 */
import { localizeLine } from "../../../core/actions/errors";
import { performAction } from "../../../core/actions/pipeline";
import { ACTIONS } from "../rules/context";
import { mayAct } from "../rules/permissions";
import { encounterScene, squareOf, tokenOf } from "./scene";
import { heroEncounter, isHero, roundsState } from "./state";

declare module "fvtt-types/configuration" {
  namespace Hooks {
    interface HookConfig {
      /** v13: before a token's movement is made, on the moving client; false vetoes it. */
      preMoveToken: (token: TokenDocument.Implementation, movement: TokenDocument.MovementData, operation: object) => boolean | void;
    }
  }
}

/** The user's own moves of a token on the canvas. */
const BY_HAND: readonly TokenDocument.MovementData["method"][] = ["dragging", "keyboard"];

function onPreMove(token: TokenDocument.Implementation, movement: TokenDocument.MovementData): boolean | void {
  // A hidden token is the GM's secret (only a GM sees it): its moves are the GM's arranging, never a card players read.
  if (!BY_HAND.includes(movement.method) || token.hidden) return;
  const actor = token.actor as Actor.Implementation | null;
  const combat = isHero(actor) ? heroEncounter(actor) : null;
  const scene = combat?.started ? encounterScene(combat) : null;
  if (!actor || !combat || !scene || token.parent !== scene || tokenOf(scene, actor) !== token) return;
  const state = roundsState(combat);
  const hero = state.heroes[actor.uuid];
  if (!hero) return;
  const why = mayAct(state.track, hero, { kind: "move" });
  if (why && game.user!.isGM) return;
  if (why) {
    ui.notifications?.warn(localizeLine(why));
    return false;
  }
  const to = squareOf(scene, { x: movement.destination.x, y: movement.destination.y, width: token.width, height: token.height });
  void performAction(ACTIONS.move, actor, { combat: combat.uuid, hero: actor.uuid, to });
  return false;
}

export function registerHeroDrag(): void {
  Hooks.on("preMoveToken", onPreMove);
}
