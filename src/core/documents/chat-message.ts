import { renderActionCard } from "../chat/render";

/** The system's ChatMessage class: action cards render themselves for each viewer; requests to the GM stay out of sight. */
export class FactionsChatMessage<out SubType extends ChatMessage.SubType = ChatMessage.SubType> extends ChatMessage<SubType> {
  isAction(): this is FactionsChatMessage<"action"> {
    return this.type === "action";
  }

  override async renderHTML(options?: ChatMessage.RenderHTMLOptions): Promise<HTMLElement> {
    const html = await super.renderHTML(options);
    if (this.isAction()) await renderActionCard(this, html);
    // A request to the GM's client is machinery, not chat: it lives for a moment and shows nothing.
    if (this.type === "request") {
      html.hidden = true;
      html.classList.add("factions-request");
    }
    return html;
  }
}
