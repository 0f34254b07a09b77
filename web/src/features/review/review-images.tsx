import Image from 'antd/es/image';

/** A review's pictures as thumbnails; a click enlarges them (antd preview, browsing the group). */
export function ReviewImages({ images, label }: { images: string[]; label: string }) {
  if (images.length === 0) return null;
  return (
    <div className="review-images">
      <Image.PreviewGroup>
        {images.map((src) => <Image key={src} src={src} alt={label} width={72} height={72} />)}
      </Image.PreviewGroup>
    </div>
  );
}
