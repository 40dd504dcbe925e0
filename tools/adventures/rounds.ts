/**
 * Rounds: The Shattered Causeway: the twelve sample heroes (six a team, abilities and loot in
 * hand), the battlefield with its three adventure spaces, a piece of loot on the ground, the rules
 * and a quick start. Heroes start off the map: their tokens come onto the scene when their players
 * bring them in at Reinforce.
 */
import { AdventureBuilder, adventureSource, journal, link, named, packDocuments, type Doc } from "./compose";
import type { RulesetAdventure } from "./ruleset";

const SEED = "rounds";
export const ROUNDS_ADVENTURE = "rndAdventure0001";

export function roundsAdventure(root: string): RulesetAdventure {
  const heroes = packDocuments(root, "rounds-heroes");
  const loot = packDocuments(root, "rounds-loot");
  const [causeway] = packDocuments(root, "rounds-scenes");
  const [rules] = packDocuments(root, "rounds-rules");
  // Loot no hero carries lies on the ground: a world loot item every player can see.
  const idol = { ...named(loot, "Gold Idol", "rounds-loot"), ownership: { default: 2 } };
  const b = new AdventureBuilder(SEED, "Rounds", "#5b3f7a");

  b.add("actors", ...heroes);
  b.add("items", idol);
  b.add("scenes", causeway!);
  b.add("journal", { ...rules!, ownership: { default: 2 } });
  const team = (t: string) => heroes.filter((h) => (h.system as { team?: string }).team === t);
  const quickStart = journal(SEED, "Rounds: Quick Start", quickStartPages({ skyhawks: team("skyhawks"), psiclones: team("psiclones"), causeway: causeway!, rules: rules!, idol }), null, 100000);
  b.add("journal", quickStart);

  return {
    ruleset: "rounds",
    title: "Rounds",
    summary: "Two teams of heroes, the Skyhawks and the Psiclones, play rounds of six steps on the combat tracker: moving, shooting, melee, adventures and reinforcements.",
    quickStart: quickStart._id,
    source: adventureSource(
      {
        id: ROUNDS_ADVENTURE,
        name: "Rounds: The Shattered Causeway",
        img: "icons/svg/tower.svg",
        caption: "Six Skyhawks and six Psiclones fight over a broken causeway with three adventure spaces. Ready to play: press New Rounds game.",
        description: description(),
        sort: 500000,
      },
      b,
    ),
  };
}

function description(): string {
  return [
    "<p>The Skyhawks (white) and the Psiclones (black), six heroes a team with their abilities and loot, on the Shattered Causeway.</p>",
    "<ul><li><strong>Actors:</strong> twelve heroes.</li>",
    "<li><strong>Items:</strong> a Gold Idol lying on the ground, for a hero to pick up.</li>",
    "<li><strong>Scene:</strong> The Shattered Causeway, with three adventure spaces. Heroes start off the map: their tokens come in at Reinforce.</li>",
    "<li><strong>Journal:</strong> the Rounds Rules and <strong>Rounds: Quick Start</strong>: who owns what, which button to press first, how a round runs.</li></ul>",
    "<p>After importing, open <strong>Rounds: Quick Start</strong> in the Journal directory.</p>",
  ].join("");
}

function quickStartPages(d: { skyhawks: Doc[]; psiclones: Doc[]; causeway: Doc; rules: Doc; idol: Doc }) {
  const names = (list: Doc[]) => list.map((h) => link("Actor", h)).join(", ");
  return [
    {
      name: "Quick Start",
      content: [
        "<h2>Five minutes to the first action</h2>",
        "<ol>",
        "<li><strong>Give each player their heroes.</strong> In the Actors directory, right-click a hero, choose <em>Configure Ownership</em> and make its player <em>Owner</em> (see <em>Who Owns What</em>).</li>",
        `<li><strong>Open the battlefield.</strong> In the Scenes directory, right-click ${link("Scene", d.causeway)} and choose <em>Activate</em>. It is empty on purpose: every hero starts off the map.</li>`,
        "<li><strong>Start a game.</strong> On the Combat tracker, the GM presses <strong>New Rounds game</strong> (the chess-rook button next to <em>Create Encounter</em>): the last round (3 is a good first game), this scene and the heroes taking part. Each team becomes a group on the tracker.</li>",
        "<li><strong>Bring in the first wave.</strong> Round 1 is only Reinforce, the Skyhawks first. Their player opens a Skyhawk's sheet (or uses the list on the tracker's panel) and presses <strong>Bring in</strong>, choosing a square of the left edge: a token is placed. A wave is a third of the team: two heroes.</li>",
        "<li><strong>Move the game on.</strong> Only the GM moves it, with <strong>Next Step</strong> and <strong>Next Turn</strong> on the tracker's panel: the Psiclones bring in their wave on the right edge, then round 2 runs all six steps.</li>",
        "</ol>",
        `<p>The full rules are in ${link("JournalEntry", d.rules)}.</p>`,
      ].join(""),
    },
    {
      name: "Who Owns What",
      content: [
        "<h2>Who owns what</h2>",
        "<p>The Adventure cannot know your players: after importing, every hero is the GM's. Give them out with <em>Configure Ownership</em> (right-click them in the Actors directory): a team to a player, or a hero each.</p>",
        "<table><thead><tr><th>Team</th><th>Heroes</th></tr></thead><tbody>",
        `<tr><td>Skyhawks (white), the first player</td><td>${names(d.skyhawks)}</td></tr>`,
        `<tr><td>Psiclones (black), the second player</td><td>${names(d.psiclones)}</td></tr>`,
        "</tbody></table>",
        `<p>${link("Item", d.idol)} lies on the ground: it is a loot item in the Items directory that every player can see, and any hero may pick it up in the Free step. To put more loot on the ground, create a loot item and set its <em>Default</em> ownership to <em>Observer</em>.</p>`,
        "<p>A GM must be connected while you play: every result is applied by the GM's client.</p>",
        "<p><strong>Tokens.</strong> The heroes' tokens are linked: a hero is one person, so <em>Bring in</em> always places a linked token. To field several of one creature, drag the actor in with <em>Link Actor Data</em> off and add each token to the game: each unlinked token is a hero of its own, with its own uses and square.</p>",
      ].join(""),
    },
    {
      name: "How a Round Runs",
      content: [
        "<h2>How a round runs</h2>",
        "<ol>",
        "<li>Each round the Skyhawks take their turn, then the Psiclones. A turn runs six steps: <strong>Free</strong>, <strong>Action</strong>, <strong>Reaction</strong>, <strong>Melee</strong>, <strong>Adventure</strong>, <strong>Reinforce</strong>. The tracker's panel shows the round, the active team and the step.</li>",
        "<li>Players act from the hero sheet, which offers the acts of the current step and says why one is refused. Each act posts a card with the hero, the target and the ability's roll; the GM rules on what follows.</li>",
        "<li>At Reinforce the panel lists the team's heroes still off the map; their players bring each in on the team's edge.</li>",
        "<li>At each step boundary the abilities triggered there wait on the tracker: a player of the active team puts them in order, and each fires as its own card.</li>",
        "<li>When the Psiclones finish the last round, an end-of-game card sums up.</li>",
        "</ol>",
      ].join(""),
    },
  ];
}
