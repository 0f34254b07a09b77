import { useEffect, useState, type ReactNode } from 'react';
import { useSwipe } from './use-swipe';

/** react-slick's defaults, which antd's Carousel used: a 500 ms eased slide. */
const SLIDE_MS = 500;

interface CarouselProps {
  slides: ReactNode[];
  autoplayMs: number;
}

/**
 * A horizontal carousel drawn as antd's Carousel drew it (slides, dots under them) without react-slick: it turns by
 * itself every `autoplayMs` (paused while hovered), by its dots and by dragging. The last slide is followed by a copy
 * of the first (and the first preceded by a copy of the last), so turning past either end keeps sliding the same way;
 * on reaching a copy it jumps to the original without animation.
 */
export function Carousel({ slides, autoplayMs }: CarouselProps) {
  const count = slides.length;
  const loops = count > 1;
  const [position, setPosition] = useState(0);
  const [animated, setAnimated] = useState(true);
  const [hovered, setHovered] = useState(false);
  const goTo = (next: number) => {
    setAnimated(true);
    setPosition(next);
  };
  const swipe = useSwipe((step) => goTo(position + step));

  useEffect(() => {
    if (!loops || hovered || swipe.dragging) return;
    const timer = setTimeout(() => goTo(position + 1), autoplayMs);
    return () => clearTimeout(timer);
  }, [loops, hovered, swipe.dragging, position, autoplayMs]);

  useEffect(() => {
    if (count === 0 || (position >= 0 && position < count)) return;
    const timer = setTimeout(() => {
      setAnimated(false);
      setPosition((position + count) % count);
    }, SLIDE_MS);
    return () => clearTimeout(timer);
  }, [position, count]);

  const track = loops ? [slides[count - 1], ...slides, slides[0]] : slides;
  const first = loops ? 1 : 0;
  const current = (position + count) % count;
  return (
    <div className="carousel" onMouseEnter={() => setHovered(true)} onMouseLeave={() => setHovered(false)}>
      <div className="carousel__list" {...(loops ? swipe.handlers : {})}>
        <div
          className="carousel__track"
          style={{
            width: `${track.length * 100}%`,
            transform: `translateX(calc(${(-(position + first) * 100) / track.length}% + ${swipe.offset}px))`,
            transition: animated && !swipe.dragging ? `transform ${SLIDE_MS}ms ease` : 'none',
          }}
        >
          {track.map((slide, i) => (
            <div key={i} className="carousel__slide" aria-hidden={i - first !== position}>
              {slide}
            </div>
          ))}
        </div>
      </div>
      {loops && (
        <ul className="carousel__dots">
          {slides.map((_, i) => (
            <li key={i} className={i === current ? 'carousel__dot carousel__dot--active' : 'carousel__dot'}>
              <button type="button" onClick={() => goTo(i)}>
                {i + 1}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
