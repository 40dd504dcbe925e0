/**
 * Rounds: The Shattered Causeway: the twelve sample heroes (six a team, abilities and loot in
 * hand, each with a Shoot and a Melee formula), the battlefield with its three adventure spaces, a
 * piece of loot on the ground, the rules and a quick start that plays a first shot and a first
 * melee. Heroes start off the map: their tokens come onto the scene when their players bring them
 * in at Reinforce.
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

  const team = (t: string) => heroes.filter((h) => (h.system as { team?: string }).team === t);
  // Each team's heroes in a folder of its own.
  b.addToSide("actors", "Skyhawks", ...team("skyhawks"));
  b.addToSide("actors", "Psiclones", ...team("psiclones"));
  b.add("items", idol);
  b.add("scenes", causeway!);
  b.add("journal", { ...rules!, ownership: { default: 2 } });
  const hero = (name: string) => named(heroes, name, "rounds-heroes");
  const exchange = { ilse: hero("Captain Ilse Varro"), brakka: hero("Brakka the Tall"), prophet: hero("The Null Prophet"), twins: hero("The Grey Twins") };
  const quickStart = journal(
    SEED,
    "Rounds: Quick Start",
    quickStartPages({ skyhawks: team("skyhawks"), psiclones: team("psiclones"), causeway: causeway!, rules: rules!, idol, ...exchange }),
    null,
    100000,
  );
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

interface QuickStart {
  skyhawks: Doc[];
  psiclones: Doc[];
  causeway: Doc;
  rules: Doc;
  idol: Doc;
  /** The heroes of the first exchange: Ilse shoots the Prophet, Brakka strikes the Twins. */
  ilse: Doc;
  brakka: Doc;
  prophet: Doc;
  twins: Doc;
}

/** A hero's Shoot or Melee formula, as its pack source gives it. */
const formula = (hero: Doc, kind: "shootFormula" | "meleeFormula") => String((hero.system as Record<string, unknown>)[kind] ?? "");

/** The first shot and the first melee, click by click (issue 18). */
function firstExchange(d: QuickStart): string {
  const [ilse, brakka, prophet, twins] = [d.ilse, d.brakka, d.prophet, d.twins].map((h) => link("Actor", h));
  return [
    "<h2>The first exchange: a shot and a melee</h2>",
    `<p>Each hero has a <strong>Shoot formula</strong> and a <strong>Melee formula</strong> on its sheet (the GM's to set; blank rolls nothing). What a hit does is the GM's to apply, as an <strong>outcome</strong>: by default Wounded or Defeated.</p>`,
    "<ol>",
    `<li><strong>Round 1.</strong> The Skyhawks bring in ${ilse} and ${brakka}; the GM presses <strong>Next Turn</strong>; the Psiclones bring in ${prophet} and ${twins}; the GM presses <strong>Next Turn</strong> again.</li>`,
    `<li><strong>Round 2, Action.</strong> The GM presses <strong>Next Step</strong> once, past Free. (An ability that fires between steps, such as Ilse's <em>Rally Cry</em> at the end of Free, waits on the tracker's panel: the active team's player puts the waiting events in order there, they fire, and the GM may move on.) ${ilse}'s player hovers ${prophet}'s token and presses <strong>T</strong> (Foundry's targeting), then presses <strong>Shoot</strong> on her sheet. The dialog has him as the enemy, with his distance on the grid, and says what she rolls (her Shoot formula, ${formula(d.ilse, "shootFormula")}); pick <em>Quick Shot</em> as the ability and confirm. (With nothing targeted, or from the keyboard, pick the enemy in the dialog's list.) The card shows both rolls: her Shoot and Quick Shot's 1d6.</li>`,
    `<li><strong>The GM applies the outcome.</strong> On the card, only the GM sees one button per outcome: press <strong>The Null Prophet: Wounded</strong>. A card of its own says he is Wounded, and his sheet shows it. <strong>Undo</strong> on that card takes it back, and the buttons come back to the shot's card.</li>`,
    `<li><strong>Closing in.</strong> Still in the Action step, ${brakka}'s player drags his token onto a free square next to ${twins} (the eight squares around them count, diagonals too). The drag is his <strong>Move</strong>: a card says where he goes, the token moves there as the GM's client applies it, and that is his action (a second drag in the step is refused with the reason). <strong>Undo</strong> on the card puts the token back.</li>`,
    `<li><strong>Slipping away</strong> instead: a hero next to an enemy targets it and presses <strong>Slip Away</strong>; the two tokens trade places, and the dialog's <em>Then move</em> (or a click on a square it lights up around the enemy) takes the hero one square further if the player wants.</li>`,
    `<li><strong>Melee.</strong> The GM presses <strong>Next Step</strong> twice (Reaction, where the Psiclones may shoot back, then Melee). ${brakka}'s player targets ${twins} (T over their token) and presses <strong>Melee attack</strong>; the dialog has them, marked <em>adjacent</em>; pick <em>Cleave</em> and confirm: the card rolls his Melee formula, ${formula(d.brakka, "meleeFormula")}, and Cleave's 1d8.</li>`,
    `<li><strong>Defeated.</strong> The GM presses <strong>The Grey Twins: Defeated</strong>: their token leaves the map. They stay on the Psiclones' team, off the map, and come back when the Psiclones bring them in at a Reinforce. <strong>Undo</strong> on the Defeated card puts the very token back where it stood.</li>`,
    "</ol>",
    "<p>Another list of outcomes? The GM writes it in <em>Configure Settings → Rounds: outcomes of an attack</em>: names separated by commas, blank for Wounded and Defeated.</p>",
  ].join("");
}

function quickStartPages(d: QuickStart) {
  const names = (list: Doc[]) => list.map((h) => link("Actor", h)).join(", ");
  return [
    {
      name: "Quick Start",
      content: [
        "<h2>Five minutes to the first action</h2>",
        "<ol>",
        "<li><strong>Give each player their heroes.</strong> In the <em>Hand out the sides</em> window opens right after the import (and from <em>Game Settings → Factions</em>), pick each team's player and press <strong>Confirm</strong> (see <em>Who Owns What</em>).</li>",
        `<li><strong>Open the battlefield.</strong> In the Scenes directory, right-click ${link("Scene", d.causeway)} and choose <em>Activate</em>. It is empty on purpose: every hero starts off the map.</li>`,
        "<li><strong>Start a game.</strong> On the Combat tracker, the GM presses <strong>New Rounds game</strong> (the chess-rook button next to <em>Create Encounter</em>): the last round (3 is a good first game), this scene and the heroes taking part. Each team becomes a group on the tracker.</li>",
        "<li><strong>Bring in the first wave.</strong> Round 1 is only Reinforce, the Skyhawks first. Their player opens a Skyhawk's sheet (or uses the list on the tracker's panel) and presses <strong>Bring in</strong>: the free squares of the left edge light up on the map; click one (or choose it in the dialog's list) and a token is placed there. A wave is a third of the team: two heroes.</li>",
        "<li><strong>Move the game on.</strong> Only the GM moves it, with <strong>Next Step</strong> and <strong>Next Turn</strong> on the tracker's panel: the Psiclones bring in their wave on the right edge, then round 2 runs all six steps.</li>",
        "</ol>",
        firstExchange(d),
        `<p>The full rules are in ${link("JournalEntry", d.rules)}.</p>`,
      ].join(""),
    },
    {
      name: "Who Owns What",
      content: [
        "<h2>Who owns what</h2>",
        "<p>The Adventure cannot know your players: after importing, every hero is the GM's. The <em>Hand out the sides</em> window gives a team to a player in one step; to give a hero each, use <em>Configure Ownership</em> (right-click it in the Actors directory).</p>",
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
        "<li>Players act from the hero sheet, which offers the acts of the current step and says why one is refused. Each act posts a card with the hero, the target and its rolls: a Shoot or a Melee attack rolls the hero's own formula, and an ability taken with it adds its own. The GM applies what an attack does to its target with one click on its card (an outcome: Wounded, Defeated, or the GM's own list); anything else, the GM rules on.</li>",
        "<li>At Reinforce the panel lists the team's heroes still off the map; their players bring each in on the team's edge.</li>",
        "<li>At each step boundary the abilities triggered there wait on the tracker: a player of the active team puts them in order, and each fires as its own card.</li>",
        "<li>When the Psiclones finish the last round, an end-of-game card sums up.</li>",
        "</ol>",
      ].join(""),
    },
  ];
}
