/** A review's own stream: the author's append review (once), and likes (a repeat of the current choice records nothing). */
import { reviewDecider, type ReviewCommand, type ReviewFacts } from '../../../domain/review/review.decider';
import type { ReviewEvent } from '../../../domain/review/review.events';
import { given, rejectionOf } from '../support/decider-spec';

const NOW = new Date('2025-03-04T02:00:00.000Z');
const AUTHOR = 7;
const SHOPPER = 8;
const review: ReviewFacts = { commentId: 301, authorId: AUTHOR };
const stream = (...history: ReviewEvent[]) => given(reviewDecider, history);
const append = (userId = AUTHOR, facts: ReviewFacts | null = review): ReviewCommand =>
  ({ type: 'AppendReview', data: { review: facts, userId, comment: '用了三天，很好', images: ['/api/images/uploads/b.png'] } });
const like = (userId: number, yes = true, facts: ReviewFacts | null = review): ReviewCommand =>
  ({ type: 'LikeReview', data: { review: facts, userId, like: yes } });
const appended: ReviewEvent = {
  type: 'ReviewAppended',
  data: { commentId: 301, userId: AUTHOR, comment: '用了三天，很好', images: ['/api/images/uploads/b.png'], appendedAt: NOW.toISOString() },
};
const liked = (userId: number): ReviewEvent => ({ type: 'ReviewLiked', data: { commentId: 301, userId, likedAt: NOW.toISOString() } });

describe('a review without an append review', () => {
  it('records its author’s append review', () => {
    expect(stream().when(append(), NOW).events).toEqual([appended]);
  });

  it('answers another shopper, or a review that does not exist, with 评价不存在', () => {
    expect(rejectionOf(stream().when(append(SHOPPER), NOW))).toEqual({ code: '400201', message: '评价不存在' });
    expect(rejectionOf(stream().when(append(AUTHOR, null), NOW))).toEqual({ code: '400201', message: '评价不存在' });
  });
});

describe('a review already appended', () => {
  it('refuses a second append review with 已追评过该评价', () => {
    expect(rejectionOf(stream(appended).when(append(), NOW))).toEqual({ code: '400202', message: '已追评过该评价' });
  });
});

describe('likes', () => {
  it('records a like, and nothing when the shopper likes it again', () => {
    expect(stream().when(like(SHOPPER), NOW).events).toEqual([liked(SHOPPER)]);
    expect(stream(liked(SHOPPER)).when(like(SHOPPER), NOW).events).toEqual([]);
  });

  it('records an unlike only of a liked review', () => {
    expect(stream(liked(SHOPPER)).when(like(SHOPPER, false), NOW).events)
      .toEqual([{ type: 'ReviewUnliked', data: { commentId: 301, userId: SHOPPER, unlikedAt: NOW.toISOString() } }]);
    expect(stream(liked(AUTHOR)).when(like(SHOPPER, false), NOW).events).toEqual([]);
  });

  it('refuses to like a review that does not exist', () => {
    expect(rejectionOf(stream().when(like(SHOPPER, true, null), NOW))).toEqual({ code: '400201', message: '评价不存在' });
  });
});
