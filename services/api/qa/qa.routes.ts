/**
 * `/api/seckill/*` product Q&A (spec §6, §7; origin-contract §3): list (public, personalised with a token), ask,
 * answer, the author's deletions, and the user centre's 我的问答 lists (`/user/getSelfProblems`, `/user/getSelfAnswers`). Every write is a command on the question's stream `problem-<id>`; the answer
 * waits until the Q&A read model has it, so the list fetched next shows it.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { decimal } from '../edge/decimal';
import { qaDecider, type QaCommand } from '../../../domain/qa/qa.decider';
import { problemStream } from '../../../domain/qa/qa.events';
import { AnswerQuestionBody, AskQuestionBody, DeleteAnswersBody, DeleteQuestionsBody } from '../../../domain/qa/qa.rules';
import { DomainError } from '../../../domain/shared/errors';
import type { WaitFor } from '../../../projections/runner/wait-for';
import { handleCommand } from '../../commands/handle-command';
import type { Database } from '../../db/database';
import type { EventStore } from '../../event-store/event-store.port';
import type { BlobStore } from '../../uploads/blob-store.port';
import { assertIssuedImages } from '../../uploads/issued-images';
import { currentUser } from '../auth';
import { ok } from '../envelope';
import { PageQuery } from '../paging';
import { createQaIds } from './qa-ids';
import { answerOwners, listProblems, problemAuthors, productAvailability } from './qa.queries';
import { listMyAnswers, listMyProblems } from './my-qa.queries';

export interface QaRouteDeps { db: Database; store: EventStore; waitFor: WaitFor; clock: () => Date; blobs: BlobStore }

const ProductId = decimal(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));

export async function registerQaRoutes(app: FastifyInstance, deps: QaRouteDeps): Promise<void> {
  const { db, store, waitFor, clock, blobs } = deps;
  const ids = await createQaIds(db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  // two shoppers answering at once: neither answer depends on the other, so a conflict is retried
  const run = (problemId: number, userId: number, command: QaCommand, commandId?: string) => handleCommand({
    store, streamId: problemStream(problemId), decider: qaDecider, command, now: clock(),
    actor: { kind: 'user', id: String(userId) }, commandId, retryOnConflict: true,
  });

  r.get('/seckill/getProblems', {
    schema: { querystring: PageQuery(10).extend({ productId: ProductId }) },
    config: { auth: 'optional', owns: { none: "a product's public questions" } },
  }, async (request) => {
    const { productId, page, pageSize } = request.query;
    return ok(await listProblems(db, productId, request.userId, page, pageSize));
  });

  r.get('/user/getSelfProblems', { schema: { querystring: PageQuery(10) }, config: { auth: 'required' } }, async (request) =>
    ok(await listMyProblems(db, currentUser(request), request.query.page, request.query.pageSize)));

  r.get('/user/getSelfAnswers', { schema: { querystring: PageQuery(10) }, config: { auth: 'required' } }, async (request) =>
    ok(await listMyAnswers(db, currentUser(request), request.query.page, request.query.pageSize)));

  r.post('/seckill/addProblem', { schema: { body: AskQuestionBody }, config: { auth: 'required', owns: { none: 'asks about a product on sale' } } }, async (request) => {
    const userId = currentUser(request);
    const { productId, problem, ifAnonymous, image } = request.body;
    if (image) await assertIssuedImages(blobs, 'image', [image]);
    const product = await productAvailability(db, productId);
    if (product.kind === 'missing') throw new DomainError('detailProductNotFound');
    if (product.kind === 'unlisted') throw new DomainError('detailProductUnshelved');
    const problemId = await ids.nextProblemId();
    const data = { problemId, productId, shopId: product.shopId, userId, problem, ifAnonymous, ...(image ? { image } : {}) };
    await waitFor(await run(problemId, userId, { type: 'AskQuestion', data }, `ask-${problemId}`));
    return ok({ problemId }, '提问成功');
  });

  r.post('/seckill/addAnswer', { schema: { body: AnswerQuestionBody }, config: { auth: 'required', owns: { none: "anyone may answer another shopper's public question" } } }, async (request) => {
    const userId = currentUser(request);
    const { problemId, productId, answer, ifAnonymous } = request.body;
    const answerId = await ids.nextAnswerId();
    const command: QaCommand = { type: 'AnswerQuestion', data: { problemId, productId, answerId, userId, answer, ifAnonymous } };
    await waitFor(await run(problemId, userId, command, `answer-${answerId}`));
    return ok({ answerId, problemId }, '回答成功');
  });

  r.delete('/seckill/deleteProblem', { schema: { body: DeleteQuestionsBody }, config: { auth: 'required', owns: 'problem' } }, async (request) => {
    const userId = currentUser(request);
    const problemIds = [...new Set(request.body.ids)];
    const authors = await problemAuthors(db, problemIds);
    // all or nothing as far as the read model can tell; each command checks again against its stream. Another
    // shopper's question answers as missing, as every user-centre delete answers a foreign id (issue 12).
    for (const id of problemIds) {
      if (authors.get(id) !== userId) throw new DomainError('problemNotFound');
    }
    for (const problemId of problemIds) {
      await waitFor(await run(problemId, userId, { type: 'DeleteQuestion', data: { problemId, userId } }));
    }
    return ok(null, '删除成功');
  });

  r.delete('/seckill/deleteAnswer', { schema: { body: DeleteAnswersBody }, config: { auth: 'required', owns: 'answer' } }, async (request) => {
    const userId = currentUser(request);
    const answerIds = [...new Set(request.body.ids)];
    const owners = await answerOwners(db, answerIds);
    const targets = answerIds.map((answerId) => {
      const owner = owners.get(answerId);
      if (!owner || owner.userId !== userId) throw new DomainError('answerNotFound');
      return { answerId, problemId: owner.problemId };
    });
    for (const { answerId, problemId } of targets) {
      await waitFor(await run(problemId, userId, { type: 'DeleteAnswer', data: { problemId, answerId, userId } }));
    }
    return ok(null, '删除成功');
  });
}
