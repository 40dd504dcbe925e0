import { renderActionCard } from "../chat/render";

/** The system's ChatMessage class: action cards render themselves for each viewer. */
export class FactionsChatMessage<out SubType extends ChatMessage.SubType = ChatMessage.SubType> extends ChatMessage<SubType> {
  isAction(): this is FactionsChatMessage<"action"> {
    return this.type === "action";
  }

  override async renderHTML(options?: ChatMessage.RenderHTMLOptions): Promise<HTMLElement> {
    const html = await super.renderHTML(options);
    if (this.isAction()) await renderActionCard(this, html);
    return html;
  }
}
