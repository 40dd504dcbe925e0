import type { AnyObject, EmptyObject } from "fvtt-types/utils";
import { boundUpdate, withinBounds, type Bound } from "../../../core/data/bounds";
import { flagField, intField, refField } from "./fields";
import { STATS, type ProjectSystem } from "../rules/state";

const { HTMLField, StringField } = foundry.data.fields;

const schema = () => ({
  kind: new StringField({ required: true, blank: false, initial: "research", choices: ["research", "training"] }),
  required: intField(8, 1),
  progress: intField(0, 0),
  blocked: flagField(),
  target: refField(),
  training: new StringField({ required: true, blank: true, initial: "", choices: ["", "level", "type"] }),
  stat: new StringField({ required: true, blank: true, initial: "", choices: ["", ...STATS] }),
  description: new HTMLField({ required: true, blank: true }),
});

export type ProjectSchema = ReturnType<typeof schema>;

/** Stored progress never goes past the successes required (a project is done at N). */
const BOUNDS: Bound<ProjectSystem>[] = [{ path: "progress", max: (s) => s.required }];

type ProjectDerived = { done: boolean; percent: number } & AnyObject;

export class ProjectData extends foundry.abstract.TypeDataModel<ProjectSchema, Item.Implementation, EmptyObject, ProjectDerived> {
  static override LOCALIZATION_PREFIXES = ["FACTIONS.Operations.Project"];

  static override defineSchema() {
    return schema();
  }

  /** A full source (created, or loaded) is cleaned into its bounds. */
  static override cleanData(...args: Parameters<typeof foundry.abstract.TypeDataModel.cleanData>): ReturnType<typeof foundry.abstract.TypeDataModel.cleanData> {
    const clean = super.cleanData(...args);
    if (args[1]?.partial) return clean;
    for (const [path, value] of Object.entries(withinBounds(clean as unknown as ProjectSystem, BOUNDS))) foundry.utils.setProperty(clean, path, value);
    return clean;
  }

  /** An update is completed so that its result stays within the bounds. */
  override async _preUpdate(...args: Parameters<foundry.abstract.TypeDataModel<ProjectSchema, Item.Implementation>["_preUpdate"]>): Promise<boolean | void> {
    if ((await super._preUpdate(...args)) === false) return false;
    boundUpdate(this._source as unknown as ProjectSystem, args[0] as { system?: unknown }, BOUNDS);
  }

  override prepareDerivedData(): void {
    this.done = this.progress >= this.required;
    this.percent = Math.min(100, Math.round((100 * this.progress) / Math.max(1, this.required)));
  }
}
