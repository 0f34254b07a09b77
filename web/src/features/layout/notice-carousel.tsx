import NotificationOutlined from '@ant-design/icons/NotificationOutlined';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useRequest } from '../../lib/use-request';
import { getAnnouncements, type Announcement } from './api/get-announcements';

/** Spec §9: the notice carousel turns every 3000 ms. */
export const CAROUSEL_INTERVAL_MS = 3000;
const SLIDE_MS = 400;

/**
 * Vertical ticker of announcement titles. The first title is repeated after the last so the turn
 * from last to first keeps sliding upwards; on reaching the copy it jumps back without animation.
 */
export function NoticeCarousel() {
  const { data } = useRequest((signal) => getAnnouncements(signal), []);
  const items = data ?? [];
  if (items.length === 0) return null;
  return <Ticker items={items} />;
}

function Ticker({ items }: { items: Announcement[] }) {
  const [position, setPosition] = useState(0);
  const [animated, setAnimated] = useState(true);
  const [paused, setPaused] = useState(false);
  const rotates = items.length > 1;
  const slides = rotates ? [...items, items[0]] : items;

  useEffect(() => {
    if (!rotates || paused) return;
    const timer = setInterval(() => {
      setAnimated(true);
      setPosition((p) => p + 1);
    }, CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [rotates, paused]);

  useEffect(() => {
    if (position < items.length) return;
    const timer = setTimeout(() => {
      setAnimated(false);
      setPosition(0);
    }, SLIDE_MS);
    return () => clearTimeout(timer);
  }, [position, items.length]);

  return (
    <div
      className="notice-carousel"
      aria-label="平台公告"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
    >
      <NotificationOutlined className="notice-carousel__icon" aria-hidden />
      <div className="notice-carousel__window">
        <ul
          className="notice-carousel__track"
          style={{
            transform: `translateY(-${(position * 100) / slides.length}%)`,
            transition: animated ? `transform ${SLIDE_MS}ms ease` : 'none',
          }}
        >
          {slides.map((item, i) => (
            <li
              key={`${item.noticeId}-${i}`}
              className="notice-carousel__item"
              data-active={i === position}
              aria-hidden={i !== position}
            >
              <Link to={`/notificationDetails?id=${item.noticeId}`} tabIndex={i === position ? 0 : -1} title={item.noticeTitle}>
                {item.noticeTitle}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
