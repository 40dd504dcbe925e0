/**
 * Picking a square on the map while a dialog asks for one: the squares it offers are highlighted
 * on the user's canvas (when it shows the dialog's scene), and a left click on one of them picks
 * it as if chosen in the dialog's list, which stays the keyboard's way. A click on any other
 * square says so and picks nothing. Loaded with the dialogs that use it.
 */
import { warn, ActionError } from "../actions/errors";

export interface GridSquare {
  x: number;
  y: number;
}

const LAYER = "factions.pick";
/** Fill and border of an offered square: a clear green that reads on light and dark maps. */
const FILL = 0x2e9e5b;
const BORDER = 0x0f5c30;

/**
 * Offer `squares` of `scene` on the canvas until the returned function is called. `pick` gets the
 * square clicked. Nothing happens on a client whose canvas shows another scene (or none).
 */
export function offerSquares(scene: Scene.Implementation | null, squares: readonly GridSquare[], pick: (square: GridSquare) => void): () => void {
  const board = canvas;
  if (!scene || !board?.ready || board.scene !== scene || !board.stage || !board.interface || !board.grid || squares.length === 0) return () => {};
  const { stage, interface: ui, grid } = board;
  const size = scene.grid.size;
  ui.grid.addHighlightLayer(LAYER);
  for (const s of squares) ui.grid.highlightPosition(LAYER, { x: s.x * size, y: s.y * size, color: FILL, border: BORDER });
  const onDown = (event: PIXI.FederatedPointerEvent) => {
    if (event.button !== 0) return;
    const { i, j } = grid.getOffset(event.getLocalPosition(stage));
    const square = squares.find((s) => s.x === j && s.y === i);
    if (square) pick(square);
    else warn(new ActionError("FACTIONS.Dialog.NotOffered"));
  };
  stage.on("mousedown", onDown);
  return () => {
    stage.off("mousedown", onDown);
    ui.grid.destroyHighlightLayer(LAYER);
  };
}
