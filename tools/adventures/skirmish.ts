/**
 * Skirmish: The Grey Wolves on the Ridge: the sample company, its squads, individuals and vehicle
 * (already linked to one another), the consequence tables, the rules, a scene with the fighters'
 * tokens and a quick start.
 */
import { AdventureBuilder, adventureSource, journal, link, named, packDocuments, scene, token, type Doc } from "./compose";
import { RIDGE_ROAD_MAP, mapSrc } from "./maps";
import type { RulesetAdventure } from "./ruleset";

const SEED = "skirmish";
const PACK = "skirmish-actors";
export const SKIRMISH_ADVENTURE = "skAdventure00001";

export function skirmishAdventure(root: string): RulesetAdventure {
  const actors = packDocuments(root, PACK);
  const tables = packDocuments(root, "skirmish-tables");
  const [rules] = packDocuments(root, "skirmish-rules");
  const get = (name: string) => named(actors, name, PACK);
  const company = get("Grey Wolves Company");
  const alpha = get("Wolf Squad Alpha");
  const bravo = get("Wolf Squad Bravo");
  const voss = get("Sergeant Mara Voss");
  const fenn = get("Corporal Ilya Fenn");
  const bulwark = get("Bulwark APC");
  const b = new AdventureBuilder(SEED, "Skirmish", "#4d5b2e");

  b.add("actors", ...actors);
  b.add("tables", ...tables);
  const ridge = scene(
    SEED,
    {
      name: "Skirmish: The Ridge Road",
      columns: 24,
      rows: 14,
      backgroundColor: "#55603f",
      background: mapSrc(RIDGE_ROAD_MAP),
      tokens: [
        token(SEED, voss, { x: 4, y: 5 }),
        token(SEED, alpha, { x: 4, y: 7 }),
        token(SEED, bravo, { x: 6, y: 7 }),
        token(SEED, bulwark, { x: 7, y: 4 }, 2),
        token(SEED, fenn, { x: 9, y: 5 }),
      ],
    },
    null,
  );
  b.add("scenes", ridge);
  b.add("journal", { ...rules!, ownership: { default: 2 } });
  const d = { company, alpha, bravo, voss, fenn, bulwark, rules: rules!, ridge, tables };
  const quickStart = journal(SEED, "Skirmish: Quick Start", quickStartPages(d), null, 100000);
  b.add("journal", quickStart);

  return {
    ruleset: "skirmish",
    title: "Skirmish",
    summary: "Squads, individuals and vehicles spend a move, a major and a minor action every round, and push for more at the risk of real draws on the consequence tables.",
    quickStart: quickStart._id,
    source: adventureSource(
      {
        id: SKIRMISH_ADVENTURE,
        name: "Skirmish: The Grey Wolves on the Ridge",
        img: "icons/svg/combat.svg",
        caption: "A veteran company, its two squads, its sergeant and its carrier on a ridge road. Ready to play: their tokens are placed, their weapons loaded.",
        description: description(),
        sort: 400000,
      },
      b,
    ),
  };
}

function description(): string {
  return [
    "<p>The Grey Wolves Company: Wolf Squads Alpha and Bravo, Sergeant Mara Voss, Corporal Ilya Fenn and the Bulwark APC, with their weapons.</p>",
    "<ul><li><strong>Actors:</strong> the company and its five fighters, already linked to one another.</li>",
    "<li><strong>Roll Tables:</strong> the Individual and Squad consequence tables pushes draw on.</li>",
    "<li><strong>Scene:</strong> The Ridge Road, with a token for each fighter.</li>",
    "<li><strong>Journal:</strong> the Skirmish Rules and <strong>Skirmish: Quick Start</strong>: who owns what, which button to press first, how a round runs.</li></ul>",
    "<p>After importing, open <strong>Skirmish: Quick Start</strong> in the Journal directory.</p>",
  ].join("");
}

function quickStartPages(d: Record<"company" | "alpha" | "bravo" | "voss" | "fenn" | "bulwark" | "rules" | "ridge", Doc> & { tables: Doc[] }) {
  return [
    {
      name: "Quick Start",
      content: [
        "<h2>Five minutes to the first action</h2>",
        "<ol>",
        "<li><strong>Give each player their fighters.</strong> In the Actors directory, right-click a fighter, choose <em>Configure Ownership</em> and make its player <em>Owner</em> (see <em>Who Owns What</em>).</li>",
        `<li><strong>Open the scene.</strong> In the Scenes directory, right-click ${link("Scene", d.ridge)} and choose <em>Activate</em>. The fighters' tokens are already on the road.</li>`,
        "<li><strong>Put the fighters in an encounter.</strong> Drag a box around the five tokens to select them, right-click one and press <em>Toggle Combat State</em> in its HUD. On the Combat tracker, press <em>Roll All</em>, then <strong>Begin Combat</strong>: a <em>Round begins</em> card gives every fighter 1 move, 1 major and 1 minor action and its free actions.</li>",
        `<li><strong>Move.</strong> The owner of ${link("Actor", d.alpha)} opens its sheet and presses <strong>Move</strong>: the squad moves at its speed and its move is spent (the pips on its sheet and under it on the tracker show what is left). Drag its token where it goes.</li>`,
        "<li><strong>Push, attack, check.</strong> <strong>Push</strong> buys one more major action: the dialog shows the exact chance of every row of the consequence table, and the draw is real. <strong>Attack</strong> fires a weapon; <strong>Body</strong> and <strong>Nerves</strong> checks show their odds against the difficulty you set.</li>",
        "</ol>",
        `<p>The full rules are in ${link("JournalEntry", d.rules)}.</p>`,
      ].join(""),
    },
    {
      name: "Who Owns What",
      content: [
        "<h2>Who owns what</h2>",
        "<p>The Adventure cannot know your players: after importing, every fighter is the GM's. Give them out with <em>Configure Ownership</em> (right-click them in the Actors directory); the GM plays the other side.</p>",
        "<table><thead><tr><th>Played by</th><th>Fighters</th></tr></thead><tbody>",
        `<tr><td>the first player</td><td>${link("Actor", d.alpha)}, ${link("Actor", d.voss)}</td></tr>`,
        `<tr><td>the second player</td><td>${link("Actor", d.bravo)}, ${link("Actor", d.fenn)}, ${link("Actor", d.bulwark)}</td></tr>`,
        `<tr><td>the GM</td><td>${link("Actor", d.company)}: not a fighter; at the end of the fight it takes its squads' best Morale.</td></tr>`,
        "</tbody></table>",
        `<p>Pushes draw on ${d.tables.map((t) => link("RollTable", t)).join(" and ")}; restyle them here if you like.</p>`,
        "<p>A GM must be connected while you play: every result is applied by the GM's client.</p>",
        "<p><strong>Tokens.</strong> The fighters' tokens are linked: each is one named unit whose budget, fallout and heat you follow on its sheet. To field several squads of one kind, drag the actor onto the scene again with <em>Link Actor Data</em> off in its token settings: each unlinked token then fights as itself, with its own budget, fallout and heat kept in the token, and its cards name the token.</p>",
      ].join(""),
    },
    {
      name: "How a Round Runs",
      content: [
        "<h2>How a round runs</h2>",
        "<ol>",
        "<li>Each round starts with a card that resets every fighter's budget (1 move, 1 major, 1 minor, its free actions) and ticks the fallout of pushes. It happens going forward only: going back changes nothing.</li>",
        "<li>Fighters spend from their sheets in any order: <strong>Move</strong>, <strong>Attack</strong>, <strong>Reload</strong>, <strong>Deploy</strong>, <strong>Scan</strong>, <strong>Free action</strong>. A used-up action is refused with the reason; the GM may override it. Undoing a card gives its action back.</li>",
        "<li><strong>Push</strong> for one more major action: infantry draws on its consequence table and the fallout becomes Active Effects on its token; a vehicle gains heat.</li>",
        "<li>The GM moves the tracker to the next round. Ending the encounter asks the GM to carry each squad's highest Morale into its company and to end the fight's effects, as one card.</li>",
        "</ol>",
      ].join(""),
    },
  ];
}
