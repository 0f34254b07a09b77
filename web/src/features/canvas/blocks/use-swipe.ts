import { useRef, useState, type MouseEvent, type PointerEvent } from 'react';

/** A drag past this share of the carousel's width turns the slide (react-slick's touchThreshold of 5). */
const TURN_SHARE = 1 / 5;
/** A press that moved less than this is still a click on the slide's link. */
const CLICK_SLOP_PX = 5;

export interface Swipe {
  /** How far the slides follow the pointer right now, in px (0 when not dragging). */
  offset: number;
  dragging: boolean;
  handlers: {
    onPointerDown: (event: PointerEvent<HTMLElement>) => void;
    onPointerMove: (event: PointerEvent<HTMLElement>) => void;
    onPointerUp: (event: PointerEvent<HTMLElement>) => void;
    onPointerLeave: (event: PointerEvent<HTMLElement>) => void;
    onPointerCancel: () => void;
    onClickCapture: (event: MouseEvent) => void;
    onDragStart: (event: MouseEvent) => void;
  };
}

/**
 * Mouse and touch dragging of a horizontal carousel: the slides follow the pointer, and on release a long enough drag
 * turns to the next (`step` 1) or previous (-1) slide. A drag does not also follow the link it started on.
 */
export function useSwipe(turn: (step: 1 | -1) => void): Swipe {
  const [offset, setOffset] = useState(0);
  const start = useRef<number | null>(null);
  const moved = useRef(false);

  const end = (event: PointerEvent<HTMLElement>) => {
    if (start.current === null) return;
    const distance = event.clientX - start.current;
    start.current = null;
    setOffset(0);
    if (Math.abs(distance) > event.currentTarget.clientWidth * TURN_SHARE) turn(distance < 0 ? 1 : -1);
  };

  return {
    offset,
    dragging: offset !== 0,
    handlers: {
      onPointerDown: (event) => {
        if (event.button !== 0) return;
        start.current = event.clientX;
        moved.current = false;
      },
      onPointerMove: (event) => {
        if (start.current === null) return;
        const distance = event.clientX - start.current;
        if (Math.abs(distance) > CLICK_SLOP_PX) moved.current = true;
        if (moved.current) setOffset(distance);
      },
      onPointerUp: end,
      onPointerLeave: end,
      onPointerCancel: () => {
        start.current = null;
        setOffset(0);
      },
      onClickCapture: (event) => {
        if (!moved.current) return;
        moved.current = false;
        event.preventDefault();
        event.stopPropagation();
      },
      onDragStart: (event) => event.preventDefault(),
    },
  };
}
