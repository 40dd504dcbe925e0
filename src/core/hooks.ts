/**
 * The system's own hooks, around resolution and application. Modules and
 * macros listen with `Hooks.on("factions.applied", …)`; the `pre…` hooks may
 * return `false` to stop the step (nothing is changed then).
 */
import type { ActionMessage } from "./chat/action-message";
import type { Change } from "./rules/changes";
import type { Outcome } from "./rules/outcome";

declare module "fvtt-types/configuration" {
  namespace Hooks {
    interface HookConfig {
      /** Before an action is checked and rolled. */
      "factions.preAction": (action: string, actor: Actor.Implementation | null, choice: object) => boolean | void;
      /** An action was resolved (rolled), before its card is posted. */
      "factions.resolved": (action: string, choice: object, outcome: Outcome) => void;
      /** Before a card's changes are written. */
      "factions.preApply": (message: ActionMessage, changes: Change[]) => boolean | void;
      /** A card's changes were written. */
      "factions.applied": (message: ActionMessage, changes: Change[]) => void;
      /** Before an applied card is undone. */
      "factions.preUndo": (message: ActionMessage, changes: Change[]) => boolean | void;
      /** An applied card was undone. */
      "factions.undone": (message: ActionMessage, changes: Change[]) => void;
    }
  }
}

export {};
