/** Faction Turn: The Saltmarsh Reach: the three sample factions, the rules, a map and a quick start. */
import { AdventureBuilder, adventureSource, journal, link, named, packDocuments, scene, token, type Doc } from "./compose";
import { SALTMARSH_MAP, mapSrc } from "./maps";
import type { RulesetAdventure } from "./ruleset";

const SEED = "factionTurn";
export const FACTION_TURN_ADVENTURE = "ftAdventure00001";

export function factionTurnAdventure(root: string): RulesetAdventure {
  const factions = packDocuments(root, "faction-turn-factions");
  const [rules] = packDocuments(root, "faction-turn-rules");
  const lantern = named(factions, "The Order of the Ashen Lantern", "faction-turn-factions");
  const compact = named(factions, "The Saltmarsh Compact", "faction-turn-factions");
  const marches = named(factions, "The Thornwall Marches", "faction-turn-factions");
  const b = new AdventureBuilder(SEED, "Faction Turn", "#7a4b2a");

  for (const faction of factions) b.addToSide("actors", String(faction.name), faction);
  const map = scene(
    SEED,
    {
      name: "Faction Turn: The Saltmarsh Reach",
      columns: 20,
      rows: 12,
      backgroundColor: "#3f4a3c",
      background: mapSrc(SALTMARSH_MAP),
      tokens: [token(SEED, marches, { x: 3, y: 2 }, 2), token(SEED, compact, { x: 9, y: 8 }, 2), token(SEED, lantern, { x: 15, y: 4 }, 2)],
    },
    null,
  );
  b.add("scenes", map);
  b.add("journal", { ...rules!, ownership: { default: 2 } });
  const quickStart = journal(SEED, "Faction Turn: Quick Start", quickStartPages({ lantern, compact, marches, rules: rules!, map }), null, 100000);
  b.add("journal", quickStart);

  return {
    ruleset: "factionTurn",
    title: "Faction Turn",
    summary: "Factions with ratings and assets take turns on the combat tracker, one action a turn: attack a rival, move, repair, expand, create, hide or sell assets.",
    quickStart: quickStart._id,
    source: adventureSource(
      {
        id: FACTION_TURN_ADVENTURE,
        name: "Faction Turn: The Saltmarsh Reach",
        img: "icons/svg/castle.svg",
        caption: "Three factions contend for the harbour of Saltmarsh. Ready to play: give each player a faction and press Start Turn.",
        description: description(),
        sort: 100000,
      },
      b,
    ),
  };
}

function description(): string {
  return [
    "<p>The Order of the Ashen Lantern, the Saltmarsh Compact and the Thornwall Marches, each with its assets at the Saltmarsh Docks, the Old Quarter Catacombs, Greyford Crossing and Thornwall Keep.</p>",
    "<ul><li><strong>Actors:</strong> the three factions, with their assets.</li>",
    "<li><strong>Scene:</strong> The Saltmarsh Reach, a token marking each faction.</li>",
    "<li><strong>Journal:</strong> the Faction Turn Rules and <strong>Faction Turn: Quick Start</strong>: who owns what, which button to press first, how a turn runs.</li></ul>",
    "<p>After importing, open <strong>Faction Turn: Quick Start</strong> in the Journal directory.</p>",
  ].join("");
}

function quickStartPages(d: { lantern: Doc; compact: Doc; marches: Doc; rules: Doc; map: Doc }) {
  return [
    {
      name: "Quick Start",
      content: [
        "<h2>Five minutes to the first action</h2>",
        "<ol>",
        `<li><strong>Give each player a faction.</strong> In the <em>Hand out the sides</em> window opens right after the import (and from <em>Game Settings → Factions</em>), pick each faction's player and press <strong>Confirm</strong> (see <em>Who Owns What</em>). A player acts only with the factions they own; the GM may act for any.</li>`,
        `<li><strong>Open the map.</strong> In the Scenes directory, right-click ${link("Scene", d.map)} and choose <em>Activate</em>. Its tokens only mark where each faction stands.</li>`,
        "<li><strong>Put the factions in an encounter.</strong> Factions need no tokens to take turns: in the Actors directory, right-click each faction and choose <strong>Add to encounter</strong> (a GM's command). On the Combat tracker, press <em>Roll All</em>, then <strong>Begin Combat</strong>.</li>",
        "<li><strong>Press Start Turn.</strong> The faction whose turn it is shows a <strong>Start Turn</strong> button under its name on the tracker and at the top of its sheet. Its owner presses it: income is earned, upkeep is paid, exposed assets take their damage, and a chat card records it.</li>",
        "<li><strong>Take one action.</strong> The faction sheet's buttons (Attack, Move Asset, Repair Asset, Expand Influence, Create Asset, Hide Asset, Sell Asset) open a dialog with the exact odds; the result is rolled, posted and applied by the GM's client. Then press <strong>End Turn</strong>, or the GM moves the tracker on.</li>",
        "</ol>",
        `<p>The full rules are in ${link("JournalEntry", d.rules)}.</p>`,
      ].join(""),
    },
    {
      name: "Who Owns What",
      content: [
        "<h2>Who owns what</h2>",
        "<p>The Adventure cannot know your players: after importing, every faction is the GM's. The <em>Hand out the sides</em> window gives each player one faction in one step; with fewer players, the GM runs the rest (leave them to <em>Nobody</em>).</p>",
        "<table><thead><tr><th>Faction</th><th>Played by</th><th>Its strength</th></tr></thead><tbody>",
        `<tr><td>${link("Actor", d.compact)}</td><td>the first player</td><td>Wealth 5: the harbour's money and its hired swords.</td></tr>`,
        `<tr><td>${link("Actor", d.lantern)}</td><td>the second player</td><td>Cunning 6: spies, saboteurs and a veiled archive.</td></tr>`,
        `<tr><td>${link("Actor", d.marches)}</td><td>a third player, or the GM</td><td>Force 5: the border army come down to the coast.</td></tr>`,
        "</tbody></table>",
        "<p>To let everyone look at every faction, set <em>Default</em> to <em>Observer</em> in the same window: observers see a faction's sheet but never its Stealth assets, and cannot act with it.</p>",
        "<p>A GM must be connected while you play: every result is applied by the GM's client.</p>",
        "<p><strong>Tokens.</strong> The scene's tokens are linked to their factions: a faction is one actor, so its token's statuses and its sheet are the same faction.</p>",
      ].join(""),
    },
    {
      name: "How a Turn Runs",
      content: [
        "<h2>How a turn runs</h2>",
        "<p>The encounter's rounds are the faction turns: each faction's turn comes in initiative order.</p>",
        "<ol>",
        "<li><strong>Start Turn</strong>, once a turn: income, upkeep for assets over a rating's cap (the dialog asks which to lose if the Treasure is short), damage to exposed assets.</li>",
        "<li><strong>One action.</strong> A defender is asked on the card which of its assets defend. The tracker shows under each faction whether its turn started and what it did.</li>",
        "<li><strong>End Turn</strong> passes; the GM's <em>Next Turn</em> on the tracker ends the turn too. Going back a turn ends nothing and gives no second Start Turn.</li>",
        "</ol>",
        "<p>The GM may <strong>Undo</strong> any applied card; the chronicle (the book button below the chat log, open to everyone) reads back every action by turn, each player seeing only what they may. Assets to buy with Create Asset come from the compendium <em>Faction Turn: Assets</em> and from any asset items in the world.</p>",
      ].join(""),
    },
  ];
}
