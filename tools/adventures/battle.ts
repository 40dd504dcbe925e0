/**
 * Battle: The Kestrel Hill Border: the two sample realms, each wired to its Discipline Deck and to
 * a hand and a discard pile made for it, the rules, a map and a quick start.
 */
import { AdventureBuilder, adventureSource, escape, journal, link, named, packDocuments, scene, stableId, token, type Doc } from "./compose";
import { KESTREL_MAP, mapSrc } from "./maps";
import type { RulesetAdventure } from "./ruleset";

const SEED = "battle";
export const BATTLE_ADVENTURE = "btlAdventure0001";

/** Each sample realm's Discipline Deck. */
const DECK_OF: Record<string, string> = {
  "The Kingdom of Harrowmere": "Kingdom Martial Discipline",
  "The Lightwalker Wardens": "Security Discipline",
};

/** An empty hand or discard pile of a realm, drawn from (or played out of) its deck. */
function stackFor(type: "hand" | "pile", realm: Doc, deck: Doc, sort: number): Doc {
  const what = type === "hand" ? "Hand" : "Discard Pile";
  const text = type === "hand" ? `Cards ${realm.name} draws from ${deck.name} wait here until they are played.` : `Characters ${realm.name} has played go here.`;
  return {
    _id: stableId(`${SEED}:${type}:${realm._id}`),
    name: `${realm.name}: ${what}`,
    type,
    description: `<p>${escape(text)}</p>`,
    img: "icons/svg/card-hand.svg",
    system: {},
    cards: [],
    rotation: 0,
    displayCount: true,
    sort,
    ownership: { default: 0 },
    flags: {},
  };
}

export function battleAdventure(root: string): RulesetAdventure {
  const realms = packDocuments(root, "battle-realms");
  const decks = packDocuments(root, "battle-decks");
  const [rules] = packDocuments(root, "battle-rules");
  const b = new AdventureBuilder(SEED, "Battle", "#8a2f2f");

  const wired = realms.map((realm, i) => {
    const deckName = DECK_OF[realm.name];
    if (!deckName) throw new Error(`adventures: no Discipline Deck is chosen for the realm "${realm.name}" (tools/adventures/battle.ts)`);
    const deck = named(decks, deckName, "battle-decks");
    const hand = stackFor("hand", realm, deck, (i + 1) * 1000000 + 1);
    const pile = stackFor("pile", realm, deck, (i + 1) * 1000000 + 2);
    const system = { ...(realm.system as Record<string, unknown>), decks: { deck: deck._id, hand: hand._id, pile: pile._id } };
    const wiredRealm: Doc = { ...realm, system };
    return { realm: wiredRealm, deck, hand, pile };
  });
  // Each realm with its deck, hand and pile in a folder of its own: what one player plays.
  for (const w of wired) {
    b.addToSide("actors", String(w.realm.name), w.realm);
    b.addToSide("cards", String(w.realm.name), w.deck, w.hand, w.pile);
  }
  const dealt = new Set(wired.map((w) => w.deck._id));
  b.add("cards", ...decks.filter((d) => !dealt.has(d._id)));
  const map = scene(
    SEED,
    {
      name: "Battle: The Kestrel Hill Border",
      columns: 20,
      rows: 9,
      backgroundColor: "#4a4a36",
      background: mapSrc(KESTREL_MAP),
      tokens: wired.map((w, i) => token(SEED, w.realm, { x: 3 + 11 * i, y: 3 }, 3)),
    },
    null,
  );
  b.add("scenes", map);
  b.add("journal", { ...rules!, ownership: { default: 2 } });
  const quickStart = journal(SEED, "Battle: Quick Start", quickStartPages(wired, rules!, map), null, 100000);
  b.add("journal", quickStart);

  return {
    ruleset: "battle",
    title: "Battle",
    summary: "Realms build a city of buildings and technologies, make units, play characters from their Discipline Decks and fight battles step by step in the battle window.",
    quickStart: quickStart._id,
    source: adventureSource(
      {
        id: BATTLE_ADVENTURE,
        name: "Battle: The Kestrel Hill Border",
        img: "icons/svg/sword.svg",
        caption: "A hill kingdom of chariot lords faces the wardens of the forest roads. Ready to play: each realm's deck, hand and discard pile are wired to it.",
        description: description(),
        sort: 300000,
      },
      b,
    ),
  };
}

function description(): string {
  return [
    "<p>The Kingdom of Harrowmere and the Lightwalker Wardens, with their locations, buildings, technologies, fortifications, characters and units.</p>",
    "<ul><li><strong>Actors:</strong> the two realms, each already naming its Discipline Deck, its hand and its discard pile.</li>",
    "<li><strong>Cards:</strong> the Kingdom Martial and Security Discipline decks, and an empty hand and discard pile for each realm.</li>",
    "<li><strong>Scene:</strong> The Kestrel Hill Border, a token marking each realm.</li>",
    "<li><strong>Journal:</strong> the Battle Rules and <strong>Battle: Quick Start</strong>: who owns what, which button to press first, how a turn runs.</li></ul>",
    "<p>After importing, open <strong>Battle: Quick Start</strong> in the Journal directory.</p>",
  ].join("");
}

function quickStartPages(wired: { realm: Doc; deck: Doc; hand: Doc; pile: Doc }[], rules: Doc, map: Doc) {
  const [first, second] = wired as [(typeof wired)[number], (typeof wired)[number]];
  const stacks = (w: (typeof wired)[number]) => `${link("Cards", w.deck)}, ${link("Cards", w.hand)} and ${link("Cards", w.pile)}`;
  return [
    {
      name: "Quick Start",
      content: [
        "<h2>Five minutes to the first action</h2>",
        "<ol>",
        "<li><strong>Give each player a realm and its cards.</strong> In the <em>Hand out the sides</em> window opens right after the import (and from <em>Game Settings → Factions</em>), pick each realm's player and press <strong>Confirm</strong>: they own the realm and its deck, hand and discard pile at once (see <em>Who Owns What</em>). Drawing and playing cards takes owning all three.</li>",
        `<li><strong>Open the map.</strong> In the Scenes directory, right-click ${link("Scene", map)} and choose <em>Activate</em>. Its tokens only mark where each realm lies.</li>`,
        "<li><strong>Put the realms in an encounter.</strong> Realms need no tokens to take turns: in the Actors directory, right-click each realm and choose <strong>Add to encounter</strong> (a GM's command). On the Combat tracker, press <em>Roll All</em>, then <strong>Begin Combat</strong>.</li>",
        "<li><strong>Press Start Turn, then Draw.</strong> The owner of the realm whose turn it is opens its sheet and presses <strong>Start Turn</strong> (buildings are readied, units rest, three attacks), then <strong>Draw</strong>: the top card of its Discipline Deck goes into its hand.</li>",
        "<li><strong>Play the turn.</strong> <strong>Use</strong> a building or technology to make units, <strong>Play Character</strong> from the hand, and <strong>Attack</strong>: the battle window offers only legal targets and previews the battle before you commit. Then press <strong>End Turn</strong>, or the GM moves the tracker on.</li>",
        "</ol>",
        `<p>The full rules are in ${link("JournalEntry", rules)}.</p>`,
      ].join(""),
    },
    {
      name: "Who Owns What",
      content: [
        "<h2>Who owns what</h2>",
        "<p>The Adventure cannot know your players: after importing, every realm and card stack is the GM's. The <em>Hand out the sides</em> window gives each player a realm with its three card stacks in one step; run it again to move one or take it back.</p>",
        "<table><thead><tr><th>Played by</th><th>Realm</th><th>Its cards</th></tr></thead><tbody>",
        `<tr><td>the first player</td><td>${link("Actor", first.realm)}</td><td>${stacks(first)}</td></tr>`,
        `<tr><td>the second player</td><td>${link("Actor", second.realm)}</td><td>${stacks(second)}</td></tr>`,
        "</tbody></table>",
        "<p>Each realm's sheet names its deck, hand and pile (the Discipline Deck section); they are already chosen. To let each player see the other's realm (and answer its attacks knowing what it has), set <em>Default</em> to <em>Observer</em> on both realms.</p>",
        "<p>A GM must be connected while you play: every result is applied by the GM's client. If a defender's owner is away, the GM answers for it.</p>",
        "<p><strong>Tokens.</strong> The realms' tokens are linked to them: a realm is one actor, whose units and resources its sheet keeps.</p>",
      ].join(""),
    },
    {
      name: "How a Turn Runs",
      content: [
        "<h2>How a turn runs</h2>",
        "<ol>",
        "<li><strong>Start Turn</strong>, once a turn, in the realm's turn of the encounter.</li>",
        "<li><strong>Draw</strong>, <strong>Use</strong> buildings and technologies to make units (each building once a turn), and <strong>Play Character</strong>: the card goes to the discard pile once its result is applied.</li>",
        "<li><strong>Attack</strong> (up to three times): pick units and a target, assign each unit a target step by step (or let the window assign them), watch the preview and commit. The defender answers with its own assignments.</li>",
        "<li><strong>End Turn</strong> passes; the GM's <em>Next Turn</em> ends the turn too. Going back ends nothing and gives no second Start Turn.</li>",
        "</ol>",
        "<p>The GM may <strong>Undo</strong> any applied card: an undone Play Character puts its card back in the hand.</p>",
      ].join(""),
    },
  ];
}
