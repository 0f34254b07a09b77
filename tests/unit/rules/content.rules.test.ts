import { AnswerForm, QuestionForm } from '../../../domain/rules/qa.rule';
import { AppendReviewSubmission, ReviewItem, ReviewSubmission } from '../../../domain/rules/review.rule';
import { messageOf, messagesOf } from './rules.support';

const review = { orderId: 501, productId: 1001, skuId: 204, comment: '很好', image: 'a.png,b.png', impression: '物美价廉,值得买' };

describe('a review of a purchased item', () => {
  it('passes with star 5 by default and images and impressions as lists', () => {
    expect(ReviewItem.parse(review)).toEqual({ ...review, star: 5, image: ['a.png', 'b.png'], impression: ['物美价廉', '值得买'] });
  });

  it.each([[1], [5]])('accepts %i stars', (star) => {
    expect(messageOf(ReviewItem, { ...review, star })).toBeNull();
  });

  it.each([[0], [6], [4.5]])('refuses %s stars', (star) => {
    expect(messageOf(ReviewItem, { ...review, star })).toBe('评分为1到5星');
  });

  it.each([[''], ['   '], [undefined]])('with comment %j reads 评价内容不能为空', (comment) => {
    expect(messagesOf(ReviewItem, { ...review, comment })).toEqual({ comment: '评价内容不能为空' });
  });

  it('with six images reads 最多上传5张图片', () => {
    expect(messagesOf(ReviewItem, { ...review, image: '1,2,3,4,5,6' })).toEqual({ image: '最多上传5张图片' });
  });

  it('with an impression outside the spec\'s tags is refused', () => {
    expect(messageOf(ReviewItem, { ...review, impression: '超级好' })).toBe('请选择正确的印象标签');
  });
});

describe('a review submission with one empty comment', () => {
  it('is refused as a whole with 评价内容不能为空', () => {
    expect(messagesOf(ReviewSubmission, { params: [review, { ...review, skuId: 205, comment: '' }] })).toEqual({ 'params.1.comment': '评价内容不能为空' });
  });
});

describe('an append review', () => {
  it('with empty text reads 内容不能为空', () => {
    expect(messagesOf(AppendReviewSubmission, { params: [{ commentId: 3, comment: ' ', image: '' }] })).toEqual({ 'params.0.comment': '内容不能为空' });
  });

  it('with six images reads 最多上传5张图片', () => {
    expect(messageOf(AppendReviewSubmission, { params: [{ commentId: 3, comment: '追评', image: ['1', '2', '3', '4', '5', '6'] }] })).toBe('最多上传5张图片');
  });

  it('with text and five images passes', () => {
    expect(messageOf(AppendReviewSubmission, { params: [{ commentId: 3, comment: '追评', image: '1,2,3,4,5' }] })).toBeNull();
  });
});

describe('a question', () => {
  it('without text reads 请输入问题内容', () => {
    expect(messagesOf(QuestionForm, { productId: 1001, problem: ' ' })).toEqual({ problem: '请输入问题内容' });
  });

  it('with text passes, not anonymous by default', () => {
    expect(QuestionForm.parse({ productId: 1001, problem: '有现货吗' }).ifAnonymous).toBe(0);
  });
});

describe('an answer', () => {
  it('without text reads 请输入回答内容', () => {
    expect(messagesOf(AnswerForm, { productId: 1001, problemId: 2, answer: '' })).toEqual({ answer: '请输入回答内容' });
  });

  it('with text passes', () => {
    expect(messageOf(AnswerForm, { productId: 1001, problemId: 2, answer: '有', ifAnonymous: 1 })).toBeNull();
  });
});
