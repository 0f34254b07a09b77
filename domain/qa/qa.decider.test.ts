import { given, rejectionOf } from '../../tests/unit/support/decider-spec';
import { qaDecider, type QaCommand } from './qa.decider';
import type { QaEvent, QuestionAsked } from './qa.events';

const now = new Date('2025-03-01T02:00:00.000Z');
const ASKER = 501;
const OTHER = 502;

const askedData: QuestionAsked = { problemId: 1, productId: 101, shopId: 9, userId: ASKER, problem: '能用多久？', ifAnonymous: 0 };
const asked: QaEvent = { type: 'QuestionAsked', data: askedData };
const answered = (answerId: number, userId = OTHER): QaEvent => ({
  type: 'QuestionAnswered', data: { problemId: 1, answerId, userId, answer: '很耐用', ifAnonymous: 1 },
});
const answer = (userId: number, overrides: { productId?: number; answerId?: number } = {}): QaCommand => ({
  type: 'AnswerQuestion',
  data: { problemId: 1, productId: overrides.productId ?? 101, answerId: overrides.answerId ?? 11, userId, answer: '很耐用', ifAnonymous: 1 },
});
const question = (...history: QaEvent[]) => given(qaDecider, history);

describe('a question not asked yet', () => {
  it('records the question as asked', () => {
    const { events } = question().when({ type: 'AskQuestion', data: askedData }, now);
    expect(events).toEqual([asked]);
  });

  it('cannot be answered', () => {
    expect(rejectionOf(question().when(answer(OTHER), now))).toEqual({ code: '510001', message: '该提问不存在或已删除' });
  });
});

describe('an asked question', () => {
  it('is answered by another shopper', () => {
    expect(question(asked).when(answer(OTHER), now).events).toEqual([answered(11)]);
  });

  it('refuses an answer from its asker', () => {
    expect(rejectionOf(question(asked).when(answer(ASKER), now))).toEqual({ code: '510003', message: '不能回答自己的提问' });
  });

  it('refuses an answer sent for another product', () => {
    expect(rejectionOf(question(asked).when(answer(OTHER, { productId: 999 }), now))?.code).toBe('510001');
  });

  it('refuses a second ask under the same id as a clash', () => {
    expect(rejectionOf(question(asked).when({ type: 'AskQuestion', data: askedData }, now))?.code).toBe('409');
  });

  it('is deleted by its asker only', () => {
    const del = (userId: number): QaCommand => ({ type: 'DeleteQuestion', data: { problemId: 1, userId } });
    expect(question(asked).when(del(ASKER), now).events).toEqual([{ type: 'QuestionDeleted', data: { problemId: 1, userId: ASKER } }]);
    expect(rejectionOf(question(asked).when(del(OTHER), now))).toEqual({ code: '510004', message: '只能删除自己的提问' });
  });
});

describe('a deleted question', () => {
  const history = [asked, answered(11), { type: 'QuestionDeleted', data: { problemId: 1, userId: ASKER } }] satisfies QaEvent[];

  it('takes no answer and no second deletion', () => {
    expect(rejectionOf(question(...history).when(answer(OTHER, { answerId: 12 }), now))?.code).toBe('510001');
    expect(rejectionOf(question(...history).when({ type: 'DeleteQuestion', data: { problemId: 1, userId: ASKER } }, now))?.code)
      .toBe('510001');
  });
});

describe('an answered question', () => {
  const del = (answerId: number, userId: number): QaCommand => ({ type: 'DeleteAnswer', data: { problemId: 1, answerId, userId } });

  it('lets the answerer delete the answer once', () => {
    const { events } = question(asked, answered(11)).when(del(11, OTHER), now);
    expect(events).toEqual([{ type: 'AnswerDeleted', data: { problemId: 1, answerId: 11, userId: OTHER } }]);
    expect(rejectionOf(question(asked, answered(11), ...events).when(del(11, OTHER), now))?.code).toBe('510002');
  });

  it('refuses to delete someone else\'s answer or an unknown one', () => {
    expect(rejectionOf(question(asked, answered(11)).when(del(11, ASKER), now))).toEqual({ code: '510005', message: '只能删除自己的回答' });
    expect(rejectionOf(question(asked, answered(11)).when(del(99, OTHER), now))?.code).toBe('510002');
  });
});
