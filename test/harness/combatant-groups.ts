/**
 * v13's CombatantGroup: a group of an encounter's combatants (a side, a squad), embedded in its
 * Combat (`combat.groups`), as public v13 systems show it behaves:
 * - it has a type ("base" or a system subtype, with `system` data from
 *   `CONFIG.CombatantGroup.dataModels`), a name, an image, an initiative and its own ownership;
 * - a combatant joins a group through its `group` field (the group's id; `combatant.group` is the
 *   group document, null when the id names none), and `group.members` is the Set of the
 *   combatants whose `group` names it, read from the encounter as it is now;
 * - a GM owns every group; a player owns one only if the group's own ownership says so, so a
 *   player cannot create, change or delete a group by default (nor a combatant's `group`, which
 *   belongs to the combatant, owned through its actor).
 */
import { ClientDocument, type DocumentMetadata, type User, OWNERSHIP, TypeDataField } from "./documents";
import { DocumentIdField, FilePathField, NumberField, ObjectField, StringField } from "./fields";

const choicesOfGroupTypes = () => ["base", ...(((globalThis as unknown as { game?: { documentTypes?: Record<string, string[]> } }).game?.documentTypes?.CombatantGroup) ?? [])];

export class CombatantGroup extends ClientDocument {
  static override metadata: DocumentMetadata = { name: "CombatantGroup", collection: "groups", embedded: {}, label: "DOCUMENT.CombatantGroup" };

  static override defineSchema() {
    return {
      _id: new DocumentIdField(),
      type: new StringField({ required: true, blank: false, initial: "base", choices: choicesOfGroupTypes }),
      system: new TypeDataField("CombatantGroup"),
      name: new StringField({ required: true, blank: true, textSearch: true }),
      img: new FilePathField({ nullable: true, initial: null }),
      initiative: new NumberField({ required: true, initial: null }),
      ownership: new ObjectField({ initial: () => ({ default: OWNERSHIP.NONE }) }),
      flags: new ObjectField(),
    };
  }

  /** The encounter the group belongs to. */
  get combat(): ClientDocument | null {
    return this.parent instanceof ClientDocument ? this.parent : null;
  }

  /** The combatants whose `group` names this group, in the encounter's order. */
  get members(): Set<ClientDocument> {
    const combat = this.combat;
    if (!combat) return new Set();
    const combatants = combat.getEmbeddedCollection("Combatant");
    return new Set(combatants.filter((c) => c._source.group === this.id));
  }

  /** A GM owns every group; anyone else as the group's own ownership says. */
  override getUserLevel(user: User | null = (globalThis as unknown as { game: { user: User | null } }).game.user): number {
    if (!user) return OWNERSHIP.NONE;
    if (user.isGM) return OWNERSHIP.OWNER;
    const ownership = (this._source.ownership as Record<string, number> | undefined) ?? {};
    const level = ownership[user.id ?? ""] ?? OWNERSHIP.INHERIT;
    return level === OWNERSHIP.INHERIT ? (ownership.default ?? OWNERSHIP.NONE) : level;
  }
}
