/**
 * Documents of the world whose data the system's models refuse. Foundry's server does not check a
 * system's data models (knowledge base, System Data Models; release notes 10.290), so a modified
 * client can store in its own actor or item what no sheet or rule would write; every client then
 * holds that document as invalid, out of its collection (`invalidDocumentIds`, found by
 * `getInvalid`), where no rule, sheet or GM record reaches it. The active GM's client repairs each
 * one as it starts keeping the GM fields: every field the model refuses takes what the GM kept of
 * it, else what the model makes of it (cleaned), else its value for a new document; the GM is told
 * what was repaired. What cannot be repaired is reported, and left as it is.
 */
type Kept = Record<string, unknown>;
type Model = { new (data: object): object; cleanData(source: object): Kept; schema: { fields: Record<string, unknown> } };
type Invalid = { name?: string | null; type?: string; _source: Kept; uuid: string; update(data: object, options: object): Promise<unknown> };
type Collection = { invalidDocumentIds?: Set<string>; getInvalid?(id: string, options: { strict: boolean }): Invalid | undefined };

/** Would the model take this `system`? */
function accepts(model: Model, system: Kept): boolean {
  try {
    new model(system);
    return true;
  } catch {
    return false;
  }
}

/** The `system` the model takes, field by field, and the fields that had to change. */
function repaired(model: Model, system: Kept, kept: Kept | null): { system: Kept; fields: string[] } | null {
  const initial = (new model({}) as { toObject(): Kept }).toObject();
  const cleaned = model.cleanData(foundry.utils.deepClone(system));
  const out: Kept = {};
  const fields: string[] = [];
  for (const key of Object.keys(model.schema.fields)) {
    const candidates = [cleaned[key], kept?.[key], initial[key]];
    const value = candidates.find((v) => v !== undefined && accepts(model, { ...initial, [key]: v }));
    if (value === undefined) return null;
    out[key] = value;
    if (JSON.stringify(value) !== JSON.stringify(system[key])) fields.push(key);
  }
  return accepts(model, out) ? { system: out, fields } : null;
}

/** Repair the system's invalid actors and items (on the active GM's client), from what `kept` says of each; the GM is told of each. */
export async function repairInvalid(kept: (uuid: string) => Kept | null): Promise<void> {
  const i18n = game.i18n!;
  const kinds: [Collection | undefined, Record<string, unknown>][] = [
    [game.actors as unknown as Collection, CONFIG.Actor.dataModels as Record<string, unknown>],
    [game.items as unknown as Collection, CONFIG.Item.dataModels as Record<string, unknown>],
  ];
  for (const [collection, models] of kinds) {
    for (const id of [...(collection?.invalidDocumentIds ?? [])]) {
      const doc = collection?.getInvalid?.(id, { strict: false });
      const model = doc?.type ? (models[doc.type] as Model | undefined) : undefined;
      if (!doc || !model) continue;
      const fix = repaired(model, (doc._source.system as Kept | undefined) ?? {}, kept(doc.uuid));
      const name = doc.name ?? id;
      try {
        if (!fix) throw new Error("nothing the model accepts");
        await doc.update({ system: fix.system }, { recursive: false });
        ui.notifications?.warn(i18n.format("FACTIONS.Repair.Repaired", { document: name, fields: fix.fields.join(", ") }));
      } catch (error) {
        console.error(error);
        ui.notifications?.error(i18n.format("FACTIONS.Repair.Failed", { document: name }));
      }
    }
  }
}
