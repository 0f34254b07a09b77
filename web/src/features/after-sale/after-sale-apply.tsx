import { useMachine } from '@xstate/react';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { goodsStateLabels, afterTypeLabels } from '../../../../domain/after-sale/after-sale.states';
import { ImagePicker } from '../../lib/uploads';
import { useRequest } from '../../lib/use-request';
import { applicationOf, firstProblem, goodsStateChoices, MAX_IMAGES, type AfterSaleOrder, type ApplyValues } from './after-sale-apply.model';
import { applyMachine, type Application } from './after-sale-apply.machine';
import { AFTER_SALE_LIST_HREF } from './after-sale.model';
import { AfterSaleLines } from './after-sale-lines';
import { getReasonSelect } from './api/get-reason-select';
import { submitAfterSale } from './api/submit-after-sale';

const typeOptions = ([1, 2] as const).map((value) => ({ value, label: afterTypeLabels[value] }));

/** `/afterSale?state=1&orderData=` (spec §2 After-sale apply mode): type, goods state, reason, description, proofs. */
export function AfterSaleApply({ order }: { order: AfterSaleOrder }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<ApplyValues>();
  const reasons = useRequest((signal) => getReasonSelect(signal), []);
  // the machine is made once; the navigate it calls 1 s after success is the current one
  const effects = useRef({ navigate });
  effects.current.navigate = navigate;
  const machine = useMemo(
    () =>
      applyMachine.provide({
        actors: { submit: fromPromise<unknown, Application>(({ input }) => submitAfterSale(input)) },
        actions: {
          announceSubmitted: () => void message.success('售后申请成功'),
          announceError: ({ context }) => void message.error(context.error ?? '售后申请失败'),
          moveOn: () => effects.current.navigate(AFTER_SALE_LIST_HREF),
        },
      }),
    [message],
  );
  const [snapshot, send] = useMachine(machine);
  const busy = !snapshot.matches('editing');

  const submit = (values: ApplyValues) => {
    // a picker never touched leaves the field undefined
    const complete: ApplyValues = { ...values, images: values.images ?? [] };
    const problem = firstProblem(order, complete);
    if (problem) return void message.warning(problem);
    send({ type: 'SUBMIT', application: applicationOf(order, complete) });
  };

  return (
    <section className="after-card after-apply" data-testid="after-sale-apply">
      <h1 className="after-card__title">申请售后</h1>
      <p className="after-apply__order">
        订单号：<span data-testid="after-order-formid">{order.orderFormid}</span>
      </p>
      {order.state === 4 && order.afterSaleUntil && (
        <p className="after-apply__order">
          售后截止时间：<span data-testid="after-sale-until">{order.afterSaleUntil}</span>
        </p>
      )}
      <AfterSaleLines skus={order.skus} />
      <Form
        form={form}
        className="after-apply__form"
        labelCol={{ flex: '96px' }}
        wrapperCol={{ flex: '480px' }}
        onFinish={submit}
        onFinishFailed={({ errorFields }) => {
          const first = errorFields[0]?.errors[0];
          if (first) void message.warning(first);
        }}
      >
        <Form.Item label="售后方式" name="afterType" rules={[{ required: true, message: '请选择售后方式' }]}>
          <Select placeholder="请选择售后方式" options={typeOptions} />
        </Form.Item>
        <Form.Item label="货物状态" name="goodsState" rules={[{ required: true, message: '请选择货物状态' }]}>
          <Select
            placeholder="请选择货物状态"
            options={goodsStateChoices(order).map((value) => ({ value, label: goodsStateLabels[value] }))}
          />
        </Form.Item>
        <Form.Item label="售后理由" name="returnReason" rules={[{ required: true, message: '请选择售后理由' }]}>
          <Select
            placeholder="请选择售后理由"
            loading={reasons.loading}
            options={(reasons.data ?? []).map((r) => ({ value: r.dictName, label: r.dictName }))}
          />
        </Form.Item>
        <Form.Item label="问题描述" name="explain">
          <Input.TextArea rows={6} maxLength={500} showCount placeholder="请描述您遇到的问题" />
        </Form.Item>
        <Form.Item label="上传凭证" name="images" extra={`最多上传${MAX_IMAGES}张图片`}>
          <ImagePicker max={MAX_IMAGES} label="售后凭证" disabled={busy} />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 0 }} className="after-apply__submit">
          <Button type="primary" htmlType="submit" loading={busy}>
            提交申请
          </Button>
        </Form.Item>
      </Form>
    </section>
  );
}
