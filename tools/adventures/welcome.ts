/** The welcome journal: the five rulesets, each pointing to its Adventure, and how to start. */
import { escape, journal, type Doc } from "./compose";
import type { RulesetAdventure } from "./ruleset";

export const WELCOME_JOURNAL = "Welcome to Factions";

/** The welcome journal's source in the pack `pack` (the Adventures are in `adventurePack`). */
export function welcomeSource(system: string, adventurePack: string, adventures: RulesetAdventure[]): Doc {
  const adventureLink = (a: RulesetAdventure) => `@UUID[Compendium.${system}.${adventurePack}.Adventure.${a.source._id}]{${a.source.name}}`;
  const entry = journal(
    "welcome",
    WELCOME_JOURNAL,
    [
      {
        name: "Start Here",
        content: [
          "<h2>Five faction games, ready to play</h2>",
          "<p>Factions holds five games in one system. Each comes with an <strong>Adventure</strong>: its actors with their items, a scene, and a quick-start journal. Import one, follow its quick start, and take your first action within minutes.</p>",
          ...adventures.flatMap((a) => [`<h3>${escape(a.title)}</h3>`, `<p>${escape(a.summary)}</p>`, `<p>Adventure: ${adventureLink(a)}</p>`]),
        ].join(""),
      },
      {
        name: "Importing an Adventure",
        content: [
          "<h2>Importing an Adventure</h2>",
          "<ol>",
          "<li>Open an Adventure from the links on the first page, or from the Compendium Packs tab: <em>Factions → Ready to Play</em>.</li>",
          "<li>Press <strong>Import Adventure</strong> (a GM's command). Its actors, scene, journals and the rest arrive in the world in folders named after the game, each side (a company, a team, a realm with its cards…) in a folder of its own inside, with their links to one another intact.</li>",
          "<li>Open the game's <strong>Quick Start</strong> journal in the Journal directory: it says who owns what, which button to press first and how a turn runs.</li>",
          "</ol>",
          "<p>Each game can be turned off in <em>Game Settings → Configure Settings</em> if your world plays only some of them.</p>",
        ].join(""),
      },
      {
        name: "Players and Encounters",
        content: [
          "<h2>Players and encounters</h2>",
          "<p>A player acts only with the documents they own. An imported Adventure is the GM's: the <em>Hand out the sides</em> window, which opens after the import (and from <em>Game Settings → Factions</em>), gives each player a side (a faction, an organization with its lieutenants, a realm with its cards, a company with its fighters, a team) in one step.</p>",
          "<p>Factions, organizations, lieutenants and realms take turns without tokens: a GM adds them to the encounter with <strong>Add to encounter</strong> in the Actors directory's context menu. Skirmish fighters join from their tokens, and a Rounds game is set up with <strong>New Rounds game</strong> on the Combat tracker.</p>",
          "<p>Every result is applied by the active GM's client, so a GM must be connected while you play; the GM can undo any applied card.</p>",
        ].join(""),
      },
    ],
    null,
    0,
  );
  // A pack source of its own: keyed as the CLI wants it.
  const { _id, ...rest } = entry;
  return { _id, _key: `!journal!${_id}`, ...rest, pages: (entry.pages as Doc[]).map(({ _id: page, ...p }) => ({ _id: page, _key: `!journal.pages!${_id}.${page}`, ...p })) };
}
