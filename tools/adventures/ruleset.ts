/** What each ruleset's Adventure module gives the generator. */
import type { Doc } from "./compose";

export interface RulesetAdventure {
  /** The ruleset's id (as src/core/settings.ts names it). */
  ruleset: "factionTurn" | "operations" | "battle" | "skirmish" | "rounds";
  /** The ruleset's name, as the welcome journal shows it. */
  title: string;
  /** One sentence on the game, for the welcome journal. */
  summary: string;
  /** The id of its quick-start journal entry. */
  quickStart: string;
  /** The Adventure's pack source. */
  source: Doc;
}
