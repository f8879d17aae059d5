// Chicken Foot's drawing, "feet": the tree of tiles (tree.js) round the centre double, each double a foot of
// three toes. Loaded only by the pages of games drawn so (the table page names it by the game's traits).
import { addDrawing, along, HL, HW } from "./board.js";
import { BENDS, treeLayout } from "./tree.js";

const TOE = 40; // how far a foot's side toes turn from the middle one

/** @type {import("./tree.js").Rules} */
const rules = {
  centre: true,
  bends: BENDS,
  doubles: (p, view, front, side) => { // a foot's middle toe first, then its sides; the centre's two feet
    const { x, y } = p;
    const foot = (hh) => {
      /** @returns {Slot} */
      const toe = (sign) => [...along(...along(x, y, hh, HW + 7), hh + 90 * sign, HL - 5), hh + sign * TOE];
      return [front(hh), toe(-1), toe(1)];
    };
    if (!p.root) return foot(p.heading);
    if ((view.options?.start_toes ?? 6) === 4) return [front(0), front(180), side(-1), side(1)];
    const [right, left] = [foot(0), foot(180)];
    return [right[0], left[0], right[1], left[2], right[2], left[1]];
  },
};

addDrawing("feet", { layout: (view, extra) => treeLayout(view, rules, extra) });
