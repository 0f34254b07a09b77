/**
 * One review's later life (stream `review-<commentId>`): its author appends once (追评, text and up to 5 pictures);
 * any shopper likes or unlikes it, a repeat of the current choice recording nothing. Who wrote the review and when is
 * the order stream's fact (`LineReviewed`): the caller reads it there and hands it in as `review` (null when there is
 * no such review), so this decider stays pure and never trusts a read model.
 */
import type { Decider } from '../shared/decider';
import { fail } from '../shared/errors';
import type { ReviewEvent } from './review.events';

/** The review as its order stream records it. */
export interface ReviewFacts { commentId: number; authorId: number }

export interface ReviewState { appended: boolean; likedBy: ReadonlySet<number> }

export type ReviewCommand =
  | { type: 'AppendReview'; data: { review: ReviewFacts | null; userId: number; comment: string; images: string[] } }
  | { type: 'LikeReview'; data: { review: ReviewFacts | null; userId: number; like: boolean } };

function evolve(state: ReviewState, event: ReviewEvent): ReviewState {
  switch (event.type) {
    case 'ReviewAppended':
      return { ...state, appended: true };
    case 'ReviewLiked':
      return { ...state, likedBy: new Set([...state.likedBy, event.data.userId]) };
    case 'ReviewUnliked':
      return { ...state, likedBy: new Set([...state.likedBy].filter((id) => id !== event.data.userId)) };
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}

function decide(command: ReviewCommand, state: ReviewState, { now }: { now: Date }): ReviewEvent[] {
  const at = now.toISOString();
  switch (command.type) {
    case 'AppendReview': {
      const { review, userId, comment, images } = command.data;
      // another shopper's review is answered like a missing one
      if (!review || review.authorId !== userId) return fail('reviewNotFound');
      if (state.appended) return fail('reviewAlreadyAppended');
      return [{ type: 'ReviewAppended', data: { commentId: review.commentId, userId, comment, images, appendedAt: at } }];
    }
    case 'LikeReview': {
      const { review, userId, like } = command.data;
      if (!review) return fail('reviewNotFound');
      if (like === state.likedBy.has(userId)) return [];
      return like
        ? [{ type: 'ReviewLiked', data: { commentId: review.commentId, userId, likedAt: at } }]
        : [{ type: 'ReviewUnliked', data: { commentId: review.commentId, userId, unlikedAt: at } }];
    }
    default: {
      const unreachable: never = command;
      return unreachable;
    }
  }
}

export const reviewDecider: Decider<ReviewCommand, ReviewEvent, ReviewState> = {
  initialState: { appended: false, likedBy: new Set() },
  evolve,
  decide,
};
