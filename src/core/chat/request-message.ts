const { StringField } = foundry.data.fields;

/**
 * A request to the GM's client (apply this card, here is my answer…). It is a chat message
 * because the server records who wrote it: its `author` is the identity the GM's client
 * believes, where a query's payload says nothing of who sent it. It is whispered to the GM,
 * hidden in the chat log, and deleted by the GM's client as it is handled.
 */
const schema = () => ({
  kind: new StringField({ required: true, blank: false, initial: "apply" }),
  /** The request's data as JSON text: kept as a string so no key of it is ever expanded as a path. */
  payload: new StringField({ required: true, blank: true, initial: "{}" }),
});

export class RequestMessageData extends foundry.abstract.TypeDataModel<ReturnType<typeof schema>, ChatMessage.Implementation> {
  static override defineSchema() {
    return schema();
  }
}
