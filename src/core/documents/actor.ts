/**
 * The system's Actor class. It stays thin: rules live in the rulesets, and
 * the type guards here let code narrow `system` by type.
 */
export class FactionsActor<out SubType extends Actor.SubType = Actor.SubType> extends Actor<SubType> {
  isFaction(): this is FactionsActor<"faction"> {
    return this.type === "faction";
  }
}
