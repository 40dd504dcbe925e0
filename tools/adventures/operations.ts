/** Operations: Night on Lantern Street: the sample organizations and lieutenants, the rules, a map and a quick start. */
import { AdventureBuilder, adventureSource, journal, link, named, packDocuments, scene, token, type Doc } from "./compose";
import { LANTERN_STREET_MAP, mapSrc } from "./maps";
import type { RulesetAdventure } from "./ruleset";

const SEED = "operations";
const PACK = "operations-actors";
export const OPERATIONS_ADVENTURE = "opsAdventure0001";

export function operationsAdventure(root: string): RulesetAdventure {
  const actors = packDocuments(root, PACK);
  const [rules] = packDocuments(root, "operations-rules");
  const get = (name: string) => named(actors, name, PACK);
  const syndicate = get("The Lantern Street Syndicate");
  const college = get("The College of the Quiet Star");
  const council = get("The Gilded Council");
  const mags = get("Mags Threadneedle");
  const corvin = get("Corvin Ash");
  const pim = get("Little Pim");
  const elowen = get("Magistra Elowen Vask");
  const tamsin = get("Brother Tamsin Oakes");
  const rurik = get("Captain Rurik Hale");
  const b = new AdventureBuilder(SEED, "Operations", "#2f5d7c");

  // Each organization with its lieutenants in a folder of its own.
  for (const org of actors.filter((a) => a.type === "organization")) {
    b.addToSide("actors", String(org.name), org, ...actors.filter((a) => a.type === "lieutenant" && (a.system as { organization?: string }).organization === `Actor.${String(org._id)}`));
  }
  const sided = new Set(actors.filter((a) => a.type === "organization" || (a.system as { organization?: string }).organization).map((a) => a._id));
  b.add("actors", ...actors.filter((a) => !sided.has(a._id)));
  const map = scene(
    SEED,
    {
      name: "Operations: Lantern Street",
      columns: 22,
      rows: 9,
      backgroundColor: "#2b2f3a",
      background: mapSrc(LANTERN_STREET_MAP),
      tokens: [
        token(SEED, syndicate, { x: 2, y: 2 }, 2),
        token(SEED, mags, { x: 1, y: 5 }),
        token(SEED, corvin, { x: 3, y: 5 }),
        token(SEED, pim, { x: 5, y: 5 }),
        token(SEED, college, { x: 10, y: 2 }, 2),
        token(SEED, elowen, { x: 10, y: 5 }),
        token(SEED, tamsin, { x: 12, y: 5 }),
        token(SEED, council, { x: 18, y: 2 }, 2),
        token(SEED, rurik, { x: 18, y: 5 }),
      ],
    },
    null,
  );
  b.add("scenes", map);
  b.add("journal", { ...rules!, ownership: { default: 2 } });
  const d = { syndicate, college, council, mags, corvin, pim, elowen, tamsin, rurik, rules: rules!, map };
  const quickStart = journal(SEED, "Operations: Quick Start", quickStartPages(d), null, 100000);
  b.add("journal", quickStart);

  return {
    ruleset: "operations",
    title: "Operations",
    summary: "Organizations act through their lieutenants: each round a lieutenant leads its units in one of twenty actions with four degrees of success, from attacks and thefts to research and courting the city's rulers.",
    quickStart: quickStart._id,
    source: adventureSource(
      {
        id: OPERATIONS_ADVENTURE,
        name: "Operations: Night on Lantern Street",
        img: "icons/svg/cowled.svg",
        caption: "A thieves' guild and a college of astronomer-mages court the merchant princes who rule the city. Ready to play: give each player an organization and its lieutenants.",
        description: description(),
        sort: 200000,
      },
      b,
    ),
  };
}

function description(): string {
  return [
    "<p>The Lantern Street Syndicate and the College of the Quiet Star, each with its lieutenants and units, and the Gilded Council, the NPC faction both court.</p>",
    "<ul><li><strong>Actors:</strong> three organizations (units and projects inside) and their six lieutenants, already linked to their organizations.</li>",
    "<li><strong>Scene:</strong> Lantern Street, a token for each organization and lieutenant.</li>",
    "<li><strong>Journal:</strong> the Operations Rules and <strong>Operations: Quick Start</strong>: who owns what, which button to press first, how a round runs.</li></ul>",
    "<p>After importing, open <strong>Operations: Quick Start</strong> in the Journal directory.</p>",
  ].join("");
}

function quickStartPages(d: Record<"syndicate" | "college" | "council" | "mags" | "corvin" | "pim" | "elowen" | "tamsin" | "rurik" | "rules" | "map", Doc>) {
  return [
    {
      name: "Quick Start",
      content: [
        "<h2>Five minutes to the first action</h2>",
        "<ol>",
        "<li><strong>Give each player an organization and its lieutenants.</strong> In the <em>Hand out the sides</em> window opens right after the import (and from <em>Game Settings → Factions</em>), pick each organization's player and press <strong>Confirm</strong>: they own it and its lieutenants at once (see <em>Who Owns What</em>). A player acts only with the lieutenants they own.</li>",
        `<li><strong>Open the map.</strong> In the Scenes directory, right-click ${link("Scene", d.map)} and choose <em>Activate</em>. Its tokens only mark who stands where.</li>`,
        `<li><strong>Start a round.</strong> Organizations need no tokens to take part: in the Actors directory, right-click ${link("Actor", d.syndicate)}, ${link("Actor", d.college)} and ${link("Actor", d.council)} and choose <strong>Add to encounter</strong> (a GM's command), then press <strong>Begin Combat</strong> on the Combat tracker. Each organization's <em>Start Round</em> card pays its upkeep and readies its lieutenants.</li>`,
        `<li><strong>Act with a lieutenant.</strong> For a first action, the Syndicate's player opens ${link("Actor", d.mags)} and presses <strong>Gain Influence</strong>, choosing ${link("Actor", d.council)}. The dialog shows the rating breakdown and the exact odds of the four tiers; the result is rolled, posted and applied by the GM's client.</li>`,
        "<li><strong>Everyone acts.</strong> Each lieutenant takes one action a round; when all have acted, the GM presses <em>Next Round</em> on the tracker.</li>",
        "</ol>",
        `<p>The full rules are in ${link("JournalEntry", d.rules)}.</p>`,
      ].join(""),
    },
    {
      name: "Who Owns What",
      content: [
        "<h2>Who owns what</h2>",
        "<p>The Adventure cannot know your players: after importing, everything is the GM's. The <em>Hand out the sides</em> window gives each player an organization with its lieutenants in one step; the Gilded Council stays the GM's.</p>",
        "<table><thead><tr><th>Played by</th><th>Organization</th><th>Lieutenants</th></tr></thead><tbody>",
        `<tr><td>the first player</td><td>${link("Actor", d.syndicate)}</td><td>${link("Actor", d.mags)}, ${link("Actor", d.corvin)}, ${link("Actor", d.pim)}</td></tr>`,
        `<tr><td>the second player</td><td>${link("Actor", d.college)}</td><td>${link("Actor", d.elowen)}, ${link("Actor", d.tamsin)}</td></tr>`,
        `<tr><td>the GM</td><td>${link("Actor", d.council)} (an NPC faction: no player owns it)</td><td>${link("Actor", d.rurik)}</td></tr>`,
        "</tbody></table>",
        "<p>A lieutenant names its organization on its sheet; units are inside their organization's sheet, each at a location. To let everyone look at every sheet, set <em>Default</em> to <em>Observer</em> in the same window.</p>",
        "<p>A GM must be connected while you play: every result is applied by the GM's client.</p>",
        "<p><strong>Tokens.</strong> The scene's tokens are linked to their actors: a lieutenant is one person, so what its card does to it, its token shows.</p>",
      ].join(""),
    },
    {
      name: "How a Round Runs",
      content: [
        "<h2>How a round runs</h2>",
        "<ol>",
        "<li>Each new round of the encounter posts a <strong>Start Round</strong> card for every organization in it: upkeep is paid, acted marks are cleared and conditions recover. The GM decides what cannot be paid.</li>",
        "<li>Each lieutenant may take <strong>one action</strong> from its sheet: the dialog picks the units it commands (at most its organization's Cohesion), the target, stealth and a situational modifier, and shows the odds of the four tiers. Unnoticed actions are whispered to the GM and the acting players.</li>",
        "<li>Ambush and Block Route stay set on the lieutenant and trigger when a named faction's force moves in.</li>",
        "<li>When every lieutenant has acted, the GM moves the tracker to the next round. Going back gives no second Start Round.</li>",
        "</ol>",
        "<p>The GM may <strong>Undo</strong> any applied card. Try also: have Mags Threadneedle <em>Hire Out</em> both Thief Packs and the Assassins.</p>",
      ].join(""),
    },
  ];
}
