/**
 * One product question and its answers (stream `problem-<problemId>`). Rules: a question is asked once; anyone
 * signed in except the asker may answer while the question stands (the asker cannot answer their own question — the
 * API's `ifAnswer` says the same); only the asker deletes the question and only the answerer deletes an answer.
 * Ids are allocated by the caller (the API's sequence), so the decider stays pure.
 */
import type { Decider } from '../shared/decider';
import { fail } from '../shared/errors';
import type { QaEvent, QuestionAnswered, QuestionAsked } from './qa.events';

interface AnswerEntry { userId: number; deleted: boolean }

export type QaState =
  | { status: 'none' }
  | {
    status: 'asked' | 'deleted';
    problemId: number;
    productId: number;
    askerId: number;
    answers: ReadonlyMap<number, AnswerEntry>;
  };

export type QaCommand =
  | { type: 'AskQuestion'; data: QuestionAsked }
  | { type: 'AnswerQuestion'; data: QuestionAnswered & { productId: number } }
  | { type: 'DeleteQuestion'; data: { problemId: number; userId: number } }
  | { type: 'DeleteAnswer'; data: { problemId: number; answerId: number; userId: number } };

function evolve(state: QaState, event: QaEvent): QaState {
  switch (event.type) {
    case 'QuestionAsked':
      return {
        status: 'asked', problemId: event.data.problemId, productId: event.data.productId,
        askerId: event.data.userId, answers: new Map(),
      };
    case 'QuestionAnswered': {
      if (state.status === 'none') return state;
      const answers = new Map(state.answers);
      answers.set(event.data.answerId, { userId: event.data.userId, deleted: false });
      return { ...state, answers };
    }
    case 'QuestionDeleted':
      return state.status === 'none' ? state : { ...state, status: 'deleted' };
    case 'AnswerDeleted': {
      if (state.status === 'none') return state;
      const answers = new Map(state.answers);
      const answer = answers.get(event.data.answerId);
      if (answer) answers.set(event.data.answerId, { ...answer, deleted: true });
      return { ...state, answers };
    }
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}

function standing(state: QaState, problemId: number) {
  if (state.status !== 'asked' || state.problemId !== problemId) return fail('problemNotFound');
  return state;
}

function decide(command: QaCommand, state: QaState): QaEvent[] {
  switch (command.type) {
    case 'AskQuestion':
      // a fresh id names a fresh stream: anything already there is a clash, not this question
      if (state.status !== 'none') fail('concurrency');
      return [{ type: 'QuestionAsked', data: command.data }];
    case 'AnswerQuestion': {
      const { productId, ...answer } = command.data;
      const question = standing(state, answer.problemId);
      if (question.productId !== productId) fail('problemNotFound');
      if (question.askerId === answer.userId) fail('qaOwnQuestion');
      if (question.answers.has(answer.answerId)) fail('concurrency');
      return [{ type: 'QuestionAnswered', data: answer }];
    }
    case 'DeleteQuestion': {
      const question = standing(state, command.data.problemId);
      if (question.askerId !== command.data.userId) fail('qaNotAsker');
      return [{ type: 'QuestionDeleted', data: command.data }];
    }
    case 'DeleteAnswer': {
      const question = standing(state, command.data.problemId);
      const answer = question.answers.get(command.data.answerId);
      if (!answer || answer.deleted) fail('answerNotFound');
      else if (answer.userId !== command.data.userId) fail('qaNotAnswerer');
      return [{ type: 'AnswerDeleted', data: command.data }];
    }
    default: {
      const unreachable: never = command;
      return unreachable;
    }
  }
}

export const qaDecider: Decider<QaCommand, QaEvent, QaState> = {
  initialState: { status: 'none' },
  evolve,
  decide,
};
