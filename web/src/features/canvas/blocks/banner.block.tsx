import { CanvasLink } from '../canvas-link';
import { list, text, type Content } from '../canvas.model';
import { Carousel } from './carousel';

/** banner: `{height, bannerData: [{bannerUrl, linkObj}]}` — a carousel across the page width. */
export function BannerBlock({ content }: { content: Content }) {
  const slides = list(content.bannerData).filter((slide) => text(slide.bannerUrl) !== '');
  if (slides.length === 0) return null;
  return (
    <div className="canvas-banner" aria-roledescription="轮播图">
      <Carousel
        autoplayMs={4000}
        slides={slides.map((slide, i) => (
          <CanvasLink linkObj={slide.linkObj} className="canvas-banner__slide" label={`轮播图 ${i + 1}`}>
            <img src={text(slide.bannerUrl)} alt="" loading={i === 0 ? 'eager' : 'lazy'} fetchPriority={i === 0 ? 'high' : undefined} decoding="async" />
          </CanvasLink>
        ))}
      />
    </div>
  );
}
