import { useEffect, useState } from 'react';

/** Spec §2 gallery: thumbnails and the main image; `focus` (the chosen SKU's picture) takes the main place. */
export function Gallery({ images, focus, name }: { images: string[]; focus?: string; name: string }) {
  const [current, setCurrent] = useState(focus ?? images[0] ?? '');
  useEffect(() => {
    if (focus) setCurrent(focus);
  }, [focus]);
  return (
    <div className="gallery">
      <div className="gallery__main">{current && <img src={current} alt={name} decoding="async" data-testid="gallery-main" />}</div>
      <ul className="gallery__thumbs">
        {images.map((image, i) => (
          <li key={`${image}-${i}`}>
            <button
              type="button"
              className="gallery__thumb"
              data-active={image === current}
              aria-label={`第 ${i + 1} 张图片`}
              onMouseEnter={() => setCurrent(image)}
              onClick={() => setCurrent(image)}
            >
              <img src={image} alt="" loading="lazy" decoding="async" />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
