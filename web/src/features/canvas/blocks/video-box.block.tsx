import PlayCircleFilled from '@ant-design/icons/PlayCircleFilled';
import { lazy, Suspense, useState } from 'react';
import { WhenNearViewport } from '../../../lib/when-near-viewport';
import { text, type Content } from '../canvas.model';
import { BlockTitle } from './block-title';

// The sanitiser is the block's biggest dependency and the block sits far down the home page: it loads on the way there.
const SafeHtml = lazy(() => import('../../../lib/safe-html').then((m) => ({ default: m.SafeHtml })));

const isPlayable = (url: string) => /^(https?:\/\/|\/)[^\s]+$/.test(url);

/** videoBox: a cover picture; with a video URL the cover starts the video in place. */
export function VideoBoxBlock({ content }: { content: Content }) {
  const cover = text(content.coverImg);
  const video = text(content.videoUrl);
  const [playing, setPlaying] = useState(false);
  const body = text(content.mainBody);
  if (!cover && !isPlayable(video)) return null;
  return (
    <div className="page-width canvas-video">
      <BlockTitle title={text(content.title)} />
      <div className="canvas-video__frame">
        {playing && isPlayable(video) ? (
          <video src={video} poster={cover || undefined} controls autoPlay className="canvas-video__player" />
        ) : (
          <>
            {cover && <img src={cover} alt={text(content.title)} loading="lazy" decoding="async" />}
            {isPlayable(video) && (
              <button type="button" className="canvas-video__play" aria-label="播放视频" onClick={() => setPlaying(true)}>
                <PlayCircleFilled />
              </button>
            )}
          </>
        )}
      </div>
      {body && (
        <WhenNearViewport>
          <Suspense fallback={null}>
            <SafeHtml className="canvas-video__body" html={body} />
          </Suspense>
        </WhenNearViewport>
      )}
    </div>
  );
}
