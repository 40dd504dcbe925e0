/**
 * Foundry's `Roll` for the formulas the system uses (integers and `NdM` joined by `+`/`-`, parsed
 * by the project's own `src/core/rules/formula.ts`). As in Foundry, `evaluate()` is async, a roll
 * is evaluated once, `total` is undefined before, and each die face comes from
 * `CONFIG.Dice.randomUniform` — here a seedable generator, and a test can force the next faces.
 */
import { parseFormula, type FormulaTerm } from "../../src/core/rules/formula";

/** mulberry32: small, fast, good enough for dice. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The dice of the harness: a seeded generator and a queue of forced faces. */
export class DiceControl {
  #random = seededRandom(1);
  #forced: number[] = [];
  /** Every die rolled: its faces and result, in order. */
  readonly rolled: { faces: number; result: number; forced: boolean }[] = [];

  seed(seed: number): void {
    this.#random = seededRandom(seed);
  }

  /** The next dice rolled show these faces, in order (whatever their size; checked against it). */
  force(...faces: number[]): void {
    this.#forced.push(...faces);
  }

  /** Forced faces not used yet. */
  get pending(): readonly number[] {
    return this.#forced;
  }

  reset(seed = 1): void {
    this.seed(seed);
    this.#forced = [];
    this.rolled.length = 0;
  }

  /** `CONFIG.Dice.randomUniform`: uniform in [0, 1). */
  readonly randomUniform = (): number => this.#random();

  /** One die of `faces` faces. */
  roll(faces: number): number {
    const forced = this.#forced.shift();
    if (forced !== undefined) {
      if (!Number.isInteger(forced) || forced < 1 || forced > faces) throw new Error(`forced face ${forced} is not on a d${faces}`);
      this.rolled.push({ faces, result: forced, forced: true });
      return forced;
    }
    const uniform = (globalThis as unknown as { CONFIG?: { Dice?: { randomUniform?: () => number } } }).CONFIG?.Dice?.randomUniform ?? this.randomUniform;
    const result = Math.min(faces, Math.floor(uniform() * faces) + 1);
    this.rolled.push({ faces, result, forced: false });
    return result;
  }
}

export const diceControl = new DiceControl();

interface DieResult {
  result: number;
  active: boolean;
}

interface TermData {
  class: "Die" | "NumericTerm" | "OperatorTerm";
  number?: number;
  faces?: number;
  results?: DieResult[];
  operator?: string;
  evaluated: boolean;
}

export interface RollData {
  class: string;
  options: Record<string, unknown>;
  dice: unknown[];
  formula: string;
  terms: TermData[];
  total: number | undefined;
  evaluated: boolean;
}

/** The formula as Foundry prints it: terms separated by ` + ` / ` - `. */
function formatTerms(terms: FormulaTerm[]): string {
  return terms
    .map((t, i) => {
      const body = t.kind === "dice" ? `${t.count}d${t.faces}` : String(t.value);
      if (i === 0) return t.sign < 0 ? `-${body}` : body;
      return `${t.sign < 0 ? "-" : "+"} ${body}`;
    })
    .join(" ");
}

export class Roll {
  static CHAT_TEMPLATE = "templates/dice/roll.html";

  readonly data: Record<string, unknown>;
  readonly options: Record<string, unknown>;
  #formula: string;
  #terms: FormulaTerm[] | null;
  #results: number[][] = [];
  _evaluated = false;
  _total: number | undefined = undefined;

  constructor(formula: string, data: Record<string, unknown> = {}, options: Record<string, unknown> = {}) {
    this.data = data;
    this.options = options;
    this.#terms = parseFormula(formula);
    this.#formula = this.#terms ? formatTerms(this.#terms) : formula;
  }

  get formula(): string {
    return this.#formula;
  }

  get total(): number | undefined {
    return this._evaluated ? this._total : undefined;
  }

  get result(): string {
    return String(this._total ?? "");
  }

  get isDeterministic(): boolean {
    return !!this.#terms && this.#terms.every((t) => t.kind === "number");
  }

  get dice(): { faces: number; number: number; results: DieResult[]; total: number }[] {
    const dice: { faces: number; number: number; results: DieResult[]; total: number }[] = [];
    let d = 0;
    for (const term of this.#terms ?? []) {
      if (term.kind !== "dice") continue;
      const results = (this.#results[d++] ?? []).map((result) => ({ result, active: true }));
      dice.push({ faces: term.faces, number: term.count, results, total: results.reduce((s, r) => s + r.result, 0) });
    }
    return dice;
  }

  get terms(): TermData[] {
    const out: TermData[] = [];
    let d = 0;
    (this.#terms ?? []).forEach((t, i) => {
      if (i > 0 || t.sign < 0) out.push({ class: "OperatorTerm", operator: t.sign < 0 ? "-" : "+", evaluated: this._evaluated });
      if (t.kind === "dice") {
        const results = (this.#results[d++] ?? []).map((result) => ({ result, active: true }));
        out.push({ class: "Die", number: t.count, faces: t.faces, results, evaluated: this._evaluated });
      } else out.push({ class: "NumericTerm", number: t.value, evaluated: this._evaluated });
    });
    return out;
  }

  /** Roll the dice (async, as in Foundry v13). A roll can be evaluated only once. */
  async evaluate(_options: { allowInteractive?: boolean } = {}): Promise<this> {
    await Promise.resolve();
    return this.evaluateSync();
  }

  evaluateSync(): this {
    if (this._evaluated) throw new Error(`The ${this.constructor.name} has already been evaluated and is now immutable`);
    if (!this.#terms) throw new Error(`Unresolved StringTerm ${this.#formula} requested for evaluation`);
    let total = 0;
    this.#results = [];
    for (const t of this.#terms) {
      if (t.kind === "number") {
        total += t.sign * t.value;
        continue;
      }
      const faces: number[] = [];
      for (let i = 0; i < t.count; i++) faces.push(diceControl.roll(t.faces));
      this.#results.push(faces);
      total += t.sign * faces.reduce((s, f) => s + f, 0);
    }
    this._total = total;
    this._evaluated = true;
    return this;
  }

  toJSON(): RollData {
    return {
      class: this.constructor.name,
      options: this.options,
      dice: [],
      formula: this.#formula,
      terms: this.terms,
      total: this._total,
      evaluated: this._evaluated,
    };
  }

  /** Rebuild an evaluated roll from its data (chat messages keep their rolls as JSON). */
  static fromData(data: RollData): Roll {
    const roll = new this(data.formula, {}, data.options ?? {});
    roll.#results = (data.terms ?? []).filter((t) => t.class === "Die").map((t) => (t.results ?? []).map((r) => r.result));
    roll._total = data.total;
    roll._evaluated = !!data.evaluated;
    return roll;
  }

  static fromJSON(json: string): Roll {
    return this.fromData(JSON.parse(json) as RollData);
  }

  static validate(formula: string): boolean {
    return parseFormula(formula) !== null;
  }

  async render(): Promise<string> {
    return `<div class="dice-roll"><div class="dice-formula">${this.#formula}</div><h4 class="dice-total">${this._total ?? ""}</h4></div>`;
  }
}
