/**
 * Roll tables as v13 has them: a `RollTable` world document (`game.tables`, or in a compendium)
 * with its `TableResult`s embedded (`table.results`).
 * - A result has a `type` ("text" or "document"), a `name`, a `description`, an image, a `weight`
 *   and a `range` [low, high] of totals, and `drawn`; its ownership is its table's.
 * - `getResultsForRoll(total)`: the results whose range holds the total (and, without replacement,
 *   not drawn yet).
 * - `roll({roll})`: rolls the table's `formula` (or the given roll's formula, rolled again even if
 *   it was evaluated already) and finds its results; `{ roll, results }`.
 * - `draw({roll, results, displayChat})`: rolls unless given results; a table without replacement
 *   marks them drawn (an update of the table: its owner only); with `displayChat` the draw is posted
 *   by `toMessage`. `toMessage(results, {roll, messageData, messageOptions})` creates a chat message
 *   as the current user, with the roll among its `rolls` (so dice modules animate it),
 *   `flags.core.RollTable` set to the table's id, and the results in its content, whispered as the
 *   roll mode says (`messageOptions.rollMode`, else the user's own: issue 12341, fixed in 13.340).
 */
import { ArrayField, BooleanField, DocumentIdField, FilePathField, HTMLField, NumberField, ObjectField, StringField, type Failures } from "./fields";
import { ClientDocument, EmbeddedCollectionField, commonTail, statsField, type DocumentMetadata, type EmbeddedCollection } from "./documents";
import { Roll } from "./dice";
import { mergeObject, type AnyObject } from "./utils";

/** v13's `CONST.TABLE_RESULT_TYPES`. */
export const TABLE_RESULT_TYPES = { TEXT: "text", DOCUMENT: "document" } as const;

interface TableGlobals {
  CONFIG: { ChatMessage: { documentClass: { create(data: AnyObject): Promise<unknown>; getSpeaker(o?: AnyObject): AnyObject } } };
  game: { user: { id: string | null } | null; users: { contents: { id: string | null; isGM: boolean }[] }; settings: { get(namespace: string, key: string): unknown } };
}
const g = () => globalThis as unknown as TableGlobals;

/** Who a message of this roll mode is whispered to (v13's `ChatMessage#applyRollMode`): nobody for a public roll. */
export function whisperOf(mode: string): AnyObject {
  const gms = g().game.users.contents.filter((u) => u.isGM).map((u) => u.id);
  if (mode === "gmroll") return { whisper: gms };
  if (mode === "blindroll") return { whisper: gms, blind: true };
  if (mode === "selfroll") return { whisper: [g().game.user?.id] };
  return {};
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A [low, high] pair of whole numbers, low ≤ high. */
class RangeField extends ArrayField {
  constructor() {
    super(new NumberField({ required: true, nullable: false, integer: true }), { min: 2, max: 2, initial: () => [1, 1] });
  }

  protected override _validateType(value: unknown, path: string, failures: Failures): string | undefined {
    const base = super._validateType(value, path, failures);
    if (base) return base;
    const [low, high] = value as [number, number];
    return low <= high ? undefined : "must be a range whose low end is not above its high end";
  }
}

export class TableResult extends ClientDocument {
  static override metadata: DocumentMetadata = { name: "TableResult", collection: "results", embedded: {}, label: "DOCUMENT.TableResult" };

  static override defineSchema() {
    return {
      _id: new DocumentIdField(),
      type: new StringField({ required: true, blank: false, initial: TABLE_RESULT_TYPES.TEXT, choices: Object.values(TABLE_RESULT_TYPES) }),
      name: new StringField({ required: true, blank: true, initial: "" }),
      img: new FilePathField({ nullable: true, initial: null }),
      description: new HTMLField(),
      documentUuid: new StringField({ nullable: true, blank: false, initial: null }),
      weight: new NumberField({ required: true, nullable: false, integer: true, positive: true, initial: 1 }),
      range: new RangeField(),
      drawn: new BooleanField(),
      flags: new ObjectField(),
      _stats: statsField(),
    };
  }

  declare range: [number, number];
  declare drawn: boolean;
  declare description: string;

  get table(): RollTable | null {
    return this.parent instanceof RollTable ? this.parent : null;
  }
}

export class RollTable extends ClientDocument {
  static override metadata: DocumentMetadata = { name: "RollTable", collection: "tables", embedded: { TableResult: "results" }, label: "DOCUMENT.RollTable" };
  static override DEFAULT_ICON = "icons/svg/d20-grey.svg";

  static override defineSchema() {
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: false, textSearch: true }),
      img: new FilePathField({ initial: () => "icons/svg/d20-grey.svg" }),
      description: new HTMLField(),
      results: new EmbeddedCollectionField("TableResult"),
      formula: new StringField({ required: true, blank: true, initial: "" }),
      replacement: new BooleanField({ initial: true }),
      displayRoll: new BooleanField({ initial: true }),
      ...commonTail(),
    };
  }

  declare results: EmbeddedCollection<TableResult>;
  declare formula: string;
  declare replacement: boolean;
  declare displayRoll: boolean;
  declare description: string;

  /** The results a total draws: its range holds the total, and (without replacement) not drawn yet. */
  getResultsForRoll(value: number): TableResult[] {
    return this.results.filter((r) => !r.drawn && r.range[0] <= value && value <= r.range[1]);
  }

  /**
   * Roll the table's formula (or `roll`'s) and find its results. A roll given is rolled again, even
   * one already evaluated, as v13 does (foundryvtt-dcc/dcc issue 109: the result "has been
   * randomized again"): to draw the row of a total already rolled, use `getResultsForRoll`.
   */
  async roll({ roll }: { roll?: Roll } = {}): Promise<{ roll: Roll; results: TableResult[] }> {
    const used = new Roll(roll instanceof Roll ? roll.formula : this.formula);
    await used.evaluate();
    return { roll: used, results: this.getResultsForRoll(used.total ?? 0) };
  }

  /** Draw: roll unless `results` are given, mark them drawn without replacement, and post them with `displayChat` (in `rollMode`). */
  async draw({ roll, results = [], displayChat = true, rollMode }: { roll?: Roll; results?: TableResult[]; displayChat?: boolean; rollMode?: string } = {}): Promise<{ roll: Roll | undefined; results: TableResult[] }> {
    let drawn = { roll, results };
    if (!results.length) drawn = await this.roll({ roll });
    if (!drawn.results.length) return drawn;
    if (!this.replacement) await this.updateEmbeddedDocuments("TableResult", drawn.results.map((r) => ({ _id: r.id, drawn: true })));
    if (displayChat) await this.toMessage(drawn.results, { roll: drawn.roll ?? null, messageOptions: rollMode ? { rollMode } : {} });
    return drawn;
  }

  /**
   * Post drawn results to chat as the current user, in the roll mode `messageOptions.rollMode`
   * names, else the user's own (v13 since 13.340: Foundry's issue 12341, "Roll Tables do not respect
   * the selected Roll Mode", fixed): a GM's private, blind or self roll whispers the draw.
   */
  async toMessage(results: TableResult[], { roll = null, messageData = {}, messageOptions = {} }: { roll?: Roll | null; messageData?: AnyObject; messageOptions?: AnyObject } = {}): Promise<unknown> {
    const cls = g().CONFIG.ChatMessage.documentClass;
    const items = results.map((r) => `<li class="table-result"><strong>${escape(r.name)}</strong>${r.description ? ` ${r.description}` : ""}</li>`).join("");
    const data = mergeObject(
      {
        author: g().game.user?.id ?? null,
        speaker: cls.getSpeaker(),
        rolls: [] as unknown[],
        flags: { core: { RollTable: this.id } },
        content: `<div class="table-draw"><h4>${escape(this.name)}</h4><ul class="table-results">${items}</ul></div>`,
      },
      messageData,
      { inplace: false },
    );
    if (roll) (data.rolls as unknown[]).push(roll);
    const mode = String(messageOptions.rollMode ?? g().game.settings.get("core", "rollMode"));
    Object.assign(data, whisperOf(mode));
    return cls.create(data);
  }
}
