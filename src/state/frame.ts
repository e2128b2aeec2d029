/**
 * Per-frame data: values that change on every pointer move or animation frame. They live in this
 * plain mutable object, read where needed (in `useFrame`, in DOM listeners), and never go through
 * React state or a store.
 */
export interface FrameData {
  /** the pointer over the table view, in CSS pixels relative to the view's top-left corner */
  pointer: { x: number; y: number; inside: boolean };
  /** set while the camera glides to a requested view */
  cameraBusy: boolean;
}

export const frame: FrameData = {
  pointer: { x: 0, y: 0, inside: false },
  cameraBusy: false,
};
