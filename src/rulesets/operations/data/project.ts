import type { AnyObject, EmptyObject } from "fvtt-types/utils";
import { flagField, intField, refField } from "./fields";
import { STATS } from "../rules/state";

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

type ProjectDerived = { done: boolean; percent: number } & AnyObject;

export class ProjectData extends foundry.abstract.TypeDataModel<ProjectSchema, Item.Implementation, EmptyObject, ProjectDerived> {
  static override LOCALIZATION_PREFIXES = ["FACTIONS.Operations.Project"];

  static override defineSchema() {
    return schema();
  }

  override prepareDerivedData(): void {
    this.done = this.progress >= this.required;
    this.percent = Math.min(100, Math.round((100 * this.progress) / Math.max(1, this.required)));
  }
}
